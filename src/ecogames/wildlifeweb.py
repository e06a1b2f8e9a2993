"""``import ecogames.wildlifeweb`` gives the game package ``ecogames.games.wildlifeweb`` itself:
the same module object under both names, so every import form gives one game."""

import sys
from importlib import import_module

sys.modules[__name__] = import_module("ecogames.games.wildlifeweb")
