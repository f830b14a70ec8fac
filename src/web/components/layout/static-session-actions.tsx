import { AccountButtons } from "./account-buttons";

// A static page (decision 025) is the same HTML for every visitor, so its header carries both
// the guest's actions and a signed-in visitor's, stacked in one grid cell: the cell is as wide
// as the wider of the two whichever shows, so nothing moves when the islands' script finds a
// session and marks <html data-session="signed-in"> (src/web/islands/account-plan.ts).
// visibility:hidden also keeps the hidden pair out of the tab order and the accessibility tree.

/** The account actions of a static page's header or small screens' sheet. */
export function StaticSessionActions({ place }: { place: "header" | "sheet" }) {
  return (
    <div
      className={
        place === "header"
          ? "grid items-center justify-items-end"
          : "grid items-center justify-items-stretch"
      }
    >
      <div className="col-start-1 row-start-1 in-data-[session=signed-in]:invisible">
        <AccountButtons pair="guest" place={place} />
      </div>
      <div className="invisible col-start-1 row-start-1 in-data-[session=signed-in]:visible">
        <AccountButtons pair="signed-in" place={place} />
      </div>
    </div>
  );
}
