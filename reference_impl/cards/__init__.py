"""Card data: Oracle characteristics (oracle.py) plus behaviour composed from effect primitives."""

from .catalog import CARDS, CardDef, card_def

__all__ = ["CARDS", "CardDef", "card_def"]
