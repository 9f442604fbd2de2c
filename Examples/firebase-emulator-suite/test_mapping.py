"""The mapping from Google's cases to these tests, checked: every line of cases.txt has at least one test that names it
(`@case(spec, title, describe)`), and every such mark names a line of cases.txt."""

import pathlib

import pytest

HERE = pathlib.Path(__file__).parent


def listed_cases():
    rows = set()
    for line in (HERE / "cases.txt").read_text().splitlines():
        spec, describe, title = line.split(" :: ", 2)
        rows.add((spec, describe, title))
    return rows


def test_every_case_has_a_test_and_every_test_a_case(request):
    rows = listed_cases()
    by_title = {}
    for spec, describe, title in rows:
        by_title.setdefault((spec, title), []).append(describe)
    named = set()
    unknown = []
    for item in request.session.items:
        for mark in item.iter_markers("spec_case"):
            spec, title, describe = mark.kwargs["spec"], mark.kwargs["title"], mark.kwargs.get("describe")
            describes = by_title.get((spec, title), [])
            if describe is None and len(describes) == 1:
                describe = describes[0]
            if (spec, describe, title) in rows:
                named.add((spec, describe, title))
            else:
                unknown.append(f"{item.nodeid}: {spec} :: {describe} :: {title}")
    missing = sorted(f"{s} :: {d} :: {t}" for s, d, t in rows - named)
    if request.session.config.option.keyword or request.session.config.args != [str(HERE)]:
        pytest.skip("only a run of the whole suite can check the mapping")
    assert not unknown, "tests naming no case of cases.txt:\n" + "\n".join(unknown)
    assert not missing, f"{len(missing)} cases of cases.txt have no test:\n" + "\n".join(missing)
