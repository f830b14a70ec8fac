import { configure } from "@testing-library/react";

// findBy… and waitFor give up after 1 s by default. A dialog or a menu loaded on demand (its
// first import transformed by Vite) took longer than that on a busy machine, and the test failed
// with the element on its way. The timeout only guards against a hang: no assertion depends on
// it, and a passing wait returns as soon as the element is there.
configure({ asyncUtilTimeout: 5_000 });
