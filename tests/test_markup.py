"""The lesson text markup: safe and simple."""

from tressette_learn.ui.markup import to_html


def test_paragraphs_lists_and_emphasis():
    text = "A **bold** and *soft* `3c`.\n\n- one\n  continued\n- two\n\n## Head"
    assert to_html(text) == ("<p>A <strong>bold</strong> and <em>soft</em> <code>3c</code>.</p>"
                             "<ul><li>one continued</li><li>two</li></ul><h4>Head</h4>")


def test_a_heading_followed_by_its_paragraph_in_one_block():
    text = "## Two players (a due)\nEach player gets **10 cards**;\nthe other 20 stay."
    assert to_html(text) == ("<h4>Two players (a due)</h4><p>Each player gets "
                             "<strong>10 cards</strong>; the other 20 stay.</p>")


def test_a_list_right_after_a_paragraph_line():
    text = "Choose the level:\n- **Random** plays any card;\n  good to start.\n- **Club**.\nAfter."
    assert to_html(text) == ("<p>Choose the level:</p><ul><li><strong>Random</strong> plays any "
                             "card; good to start.</li><li><strong>Club</strong>. After.</li></ul>")


def test_a_blank_line_ends_a_list():
    assert to_html("- one\n\nThen text.") == "<ul><li>one</li></ul><p>Then text.</p>"


def test_html_in_a_lesson_file_is_shown_as_text():
    assert to_html("<script>alert(1)</script> & co") == (
        "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</p>")
