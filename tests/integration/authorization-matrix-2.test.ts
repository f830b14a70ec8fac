import { describeAuthorizationMatrix } from "./authorization-matrix.ts";

// One part of the authorization matrix (authorization-matrix.ts): the parts run side by side.
describeAuthorizationMatrix(2);
