// The calculator's dialogs load on first use (dialogs-on-demand.tsx); tests that open them with
// a synchronous click load them first. dialogs-on-demand.test.tsx covers the first use itself.
export { loadCalculatorDialogs } from "../components/dialogs-on-demand";
