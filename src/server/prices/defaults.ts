// The shipped prices live in src/contracts/default-prices.ts (the web's offline calculator uses
// them too); the server's modules keep importing them from here.
export { defaultPrices, defaultPricesSetOn } from "../../contracts/default-prices.ts";
