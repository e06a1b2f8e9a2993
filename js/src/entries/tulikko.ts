/** The Tulikko widget: the shared kit plus the central board and the wilderness maps. */
import { createGameWidget } from "../kit";
import { renderTulikkoBoard } from "../games/tulikko/board";
import "../games/tulikko/tulikko.css";

export default createGameWidget({ renderBoard: renderTulikkoBoard });
