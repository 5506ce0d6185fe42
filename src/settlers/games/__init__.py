"""The games: one package per game, each exporting GAME (a settlers.core.Game)."""
