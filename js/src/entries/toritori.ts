/** The Tori-Tori widget: the shared kit plus the island board. */
import { createGameWidget } from "../kit";
import { renderToriBoard } from "../games/toritori/board";
import "../games/toritori/toritori.css";

export default createGameWidget({ renderBoard: renderToriBoard });
