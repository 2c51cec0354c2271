"""The lesson text markup: safe and simple."""

from tressette_learn.ui.markup import to_html


def test_paragraphs_lists_and_emphasis():
    text = "A **bold** and *soft* `3c`.\n\n- one\n  continued\n- two\n\n## Head"
    assert to_html(text) == ("<p>A <strong>bold</strong> and <em>soft</em> <code>3c</code>.</p>"
                             "<ul><li>one continued</li><li>two</li></ul><h4>Head</h4>")


def test_html_in_a_lesson_file_is_shown_as_text():
    assert to_html("<script>alert(1)</script> & co") == (
        "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</p>")
