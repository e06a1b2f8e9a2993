/** The Wildlife Web widget: the shared kit plus the table (habitat, highway, Packs, dice). */
import { type GameEvent, type WidgetModule, createGameWidget } from "../kit";
import { readTrait } from "../kit/model";
import { renderWildlifeBoard } from "../games/wildlifeweb/board";
import "../games/wildlifeweb/wildlifeweb.css";

/**
 * One kit widget per rendered view, whose board also reads the cascade's events from that
 * view's model: a duel's dice stay on the board after the hunt (the board context gives only
 * the event shown).
 */
const widget: WidgetModule = {
  render(props) {
    const events = (): GameEvent[] => readTrait(props.model, "cascade").events ?? [];
    return createGameWidget({
      renderBoard: (host, view, ctx) => renderWildlifeBoard(host, view, ctx, events()),
    }).render(props);
  },
};

export default widget;
