"""Imported once by the process upload checks are forked from (settlers.web.content_check):
every game is loaded there, so a check does not load them again (≈ 1 s each time)."""

from settlers.core import content_sets

content_sets.content_options()
