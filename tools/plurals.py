"""Plural forms from CLDR (Unicode's data, in Babel) for whole numbers, as gettext's Plural-Forms header
writes them: the categories whole numbers reach, in CLDR's order, each as a condition in C syntax with
what is known of whole numbers folded away (no fraction digits, no exponent). Babel's own table of
gettext plural forms is older than CLDR for several languages (Hebrew, Hindi, Persian, Turkish,
Indonesian), and its Arabic orders the last two forms otherwise.
"""

from __future__ import annotations

import functools
import gettext
import re
from dataclasses import dataclass

from babel import Locale
from babel.plural import PluralRule

CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
# Whole numbers that reach every category CLDR gives any language for them (n % 10, n % 100, millions).
SAMPLE = (*range(0, 1200), *(k * 10**6 + r for k in (1, 2, 3) for r in (0, 1, 2, 5, 11)))


# CLDR's operands that are 0 for a whole number: fraction digits (v, w, f, t) and the exponent (e, c).
ZERO_OPERANDS = {"v", "w", "f", "t", "e", "c"}
Ast = tuple[str, tuple]  # Babel's parsed plural rule: (operator, arguments)


def operand(node: Ast) -> str | int:
    op, args = node
    if op in {"n", "i"}:
        return "n"
    if op in ZERO_OPERANDS:
        return 0
    if op == "value":
        return int(args[0])
    if op == "mod":
        left, right = operand(args[0]), operand(args[1])
        return left % right if isinstance(left, int) and isinstance(right, int) else f"{left} % {right}"
    raise ValueError(f"plural rule operand {op!r}: not known")


def condition(node: Ast) -> str | bool:
    """A CLDR condition for whole numbers in C syntax, what is known for them folded to True or False."""
    op, args = node
    if op in {"and", "or"}:
        left, right = condition(args[0]), condition(args[1])
        absorbing = op == "or"  # True absorbs an `or`, False an `and`
        if absorbing in (left, right):
            return absorbing
        if isinstance(left, bool):
            return right
        if isinstance(right, bool):
            return left
        return f"({left} {'||' if op == 'or' else '&&'} {right})"
    if op == "not":
        inner = condition(args[0])
        if isinstance(inner, bool):
            return not inner
        return inner.replace(" == ", " != ", 1) if re.fullmatch(r"[^()|&]+ == \d+", inner) else f"!{inner}"
    if op == "relation":
        _, expression, (_, ranges) = args
        value = operand(expression)
        bounds = [(operand(low), operand(high)) for low, high in ranges]
        if isinstance(value, int):
            return any(low <= value <= high for low, high in bounds)
        tests = [f"{value} == {low}" if low == high else f"({value} >= {low} && {value} <= {high})"
                 for low, high in bounds]
        return tests[0] if len(tests) == 1 else "(" + " || ".join(tests) + ")"
    raise ValueError(f"plural rule operator {op!r}: not known")


@dataclass(frozen=True)
class Plurals:
    count: int
    expression: str  # C syntax, as gettext's Plural-Forms header has it
    single: frozenset[int]  # the forms said of one number only (Arabic's zero, one, two): may omit the number

    @property
    def header(self) -> str:
        return f"nplurals={self.count}; plural={self.expression};"


@functools.cache
def plural_forms(locale: str) -> Plurals:
    """A locale's plural forms for whole numbers (Babel's name for it: pt_BR), from CLDR: the categories
    whole numbers reach (Czech's 'many' is for fractions only, French's 'many' is for millions), as a
    gettext expression, checked against CLDR on every number of SAMPLE."""
    rule: PluralRule = Locale.parse(locale).plural_form
    categories = [tag for tag in CLDR_ORDER if tag in {rule(n) for n in SAMPLE}]
    fallback = "other" if "other" in categories else categories[-1]
    conditions = dict(rule.abstract)
    chain = [
        f"{condition(conditions[tag])} ? {form} : " for form, tag in enumerate(categories) if tag != fallback
    ]
    expression = "".join(chain) + str(categories.index(fallback))
    check = gettext.c2py(expression)
    for n in SAMPLE:
        if check(n) != categories.index(rule(n)):
            raise AssertionError(f"{locale}: the plural expression gives form {check(n)} for {n}")
    reached = [sum(1 for n in SAMPLE if categories.index(rule(n)) == form) for form in range(len(categories))]
    return Plurals(len(categories), expression, frozenset(f for f, hits in enumerate(reached) if hits == 1))
