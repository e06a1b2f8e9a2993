/** The Tori widget: the shared kit plus the market square of Helsinki 1952. */
import { createGameWidget } from "../kit";
import { renderToriBoard } from "../games/tori/board";
import "../games/tori/tori.css";

export default createGameWidget({ renderBoard: renderToriBoard });
