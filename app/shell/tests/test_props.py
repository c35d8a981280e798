from app.shell.props import page_blocks


def test_page_body_becomes_headings_and_paragraphs():
    body = "## Kto\nPierwsza linia\ndruga linia.\n\nDrugi akapit.\r\n## Prawa\n\n\nOstatni.  \n"
    assert page_blocks(body) == [
        {"kind": "heading", "text": "Kto"},
        {"kind": "paragraph", "text": "Pierwsza linia druga linia."},
        {"kind": "paragraph", "text": "Drugi akapit."},
        {"kind": "heading", "text": "Prawa"},
        {"kind": "paragraph", "text": "Ostatni."},
    ]


def test_markup_in_a_page_body_stays_text():
    assert page_blocks("<script>alert(1)</script>") == [
        {"kind": "paragraph", "text": "<script>alert(1)</script>"}
    ]
