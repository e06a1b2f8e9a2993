/** The Biotopes widget: the shared kit plus the landscape, the Ecosystems and the rivers. */
import { createGameWidget } from "../kit";
import { renderBiotopesBoard } from "../games/biotopes/board";
import "../games/biotopes/biotopes.css";

export default createGameWidget({ renderBoard: renderBiotopesBoard });
