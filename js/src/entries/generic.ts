/** The widget for any game that has no board renderer yet: the board is a key/value tree. */
import { createGameWidget } from "../kit";

export default createGameWidget({});
