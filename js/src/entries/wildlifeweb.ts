/** The Wildlife Web widget: the shared kit plus the table (habitat, highway, Packs, dice). */
import { createGameWidget } from "../kit";
import { renderWildlifeBoard } from "../games/wildlifeweb/board";
import "../games/wildlifeweb/wildlifeweb.css";

// the board reads the cascade's events from its context: a duel's dice stay on the board
// after the hunt, not only while its step is shown
export default createGameWidget({
  renderBoard: (host, view, ctx) => renderWildlifeBoard(host, view, ctx, ctx.cascade.events ?? []),
});
