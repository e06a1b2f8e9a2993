"""The errors every engine raises. Each message names the input, the rule and the reason."""

from __future__ import annotations


class EcogamesError(Exception):
    """Base class of every error this package raises on purpose."""


class MalformedAction(EcogamesError, ValueError):
    """An action that cannot be read: not an object, unknown type, missing or wrong fields."""


class IllegalAction(EcogamesError, ValueError):
    """A well-formed action that the rules do not allow now. The game is left unchanged."""

    def __init__(self, message: str, *, action: object = None, rule: str = "") -> None:
        super().__init__(message)
        self.action = action
        self.rule = rule


class SaveError(EcogamesError, ValueError):
    """A save file that is truncated, tampered with, from another game or another format."""
