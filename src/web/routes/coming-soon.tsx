// Kept for the route stubs that still import it from here.
export { ComingSoon } from "~/components/coming-soon";
