"""The web's ICU plural and select messages: the shared formatter lives in settlers.core.plurals."""

from settlers.core.plurals import format_icu, is_icu, plural_category

__all__ = ["format_icu", "is_icu", "plural_category"]
