"""Checks that a page suits a touch screen: nothing wider than the screen, fingers-sized targets, no
word broken across lines."""

MIN_TARGET = 44  # px, the smallest comfortable touch target


def assert_fits_width(driver):
    """Fails when the page scrolls sideways at the current screen size."""
    width, viewport = driver.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= viewport, f"{driver.current_url}: page is {width}px wide on a {viewport}px screen"


def assert_touch_targets(driver):
    """Fails when a visible link, button or input is smaller than 44x44 px."""
    small = driver.execute_script("""
        return [...document.querySelectorAll('a, button, input, select, textarea')]
            .filter(e => e.offsetParent !== null && !e.closest('[hidden]'))
            // What a closed <details> holds (beyond its summary) is not shown.
            .filter(e => { const d = e.closest('details:not([open])'); return !d || (e.closest('summary') && e.closest('summary').parentElement === d); })
            .map(e => { const r = e.getBoundingClientRect();
                        return [e.textContent.trim() || e.id || e.tagName, Math.round(r.width), Math.round(r.height)]; })
            .filter(([, w, h]) => w < arguments[0] || h < arguments[0]);
    """, MIN_TARGET)
    assert not small, f"{driver.current_url}: touch targets under {MIN_TARGET}px: {small}"


# Every word of every visible text node under `arguments[0]` (default: the page's content, else
# the body): its DOM Range's line boxes on one line.
BROKEN_WORDS = """
    const root = arguments[0] || document.getElementById('page') || document.body, broken = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('[hidden], .visually-hidden, svg') || parent.getClientRects().length === 0) continue;
        const style = getComputedStyle(parent);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        for (const match of node.data.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
            if (rects.some((r) => Math.abs(r.top - rects[0].top) > rects[0].height / 2)) {
                broken.push(match[0] + ' in "' + parent.textContent.trim().slice(0, 60) + '"');
            }
        }
    }
    return broken;
"""


def broken_words(driver, root=None):
    """The words a person sees split across two lines, each with its text; [] when none."""
    return driver.execute_script(BROKEN_WORDS, root)


# For each element matching the selector `arguments[0]` (a card), its text and images that reach
# past its border. Text inside a box that clips it (a name cut with "…") is that box.
SPILLS = """
    const spilled = [];
    for (const card of document.querySelectorAll(arguments[0])) {
        if (card.getClientRects().length === 0) continue;
        const box = card.getBoundingClientRect(), style = getComputedStyle(card);
        const left = box.left + parseFloat(style.borderLeftWidth), right = box.right - parseFloat(style.borderRightWidth);
        const name = card.dataset.symbol || card.textContent.trim().slice(0, 20);
        const check = (rect, what) => {
            const by = Math.max(rect.right - right, left - rect.left);
            if (rect.width > 0 && by > 0.5) spilled.push(name + ': "' + what.slice(0, 40) + '" by ' + Math.round(by) + ' px');
        };
        const clip = (node) => {
            for (let el = node.parentElement; el && el !== card; el = el.parentElement) {
                if (getComputedStyle(el).overflowX !== 'visible') return el;
            }
            return null;
        };
        const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.data.trim() || node.parentElement.getClientRects().length === 0) continue;
            const clipping = clip(node);
            if (clipping) { check(clipping.getBoundingClientRect(), clipping.textContent.trim()); continue; }
            const range = document.createRange();
            range.selectNodeContents(node);
            check(range.getBoundingClientRect(), node.data.trim());
        }
        for (const image of card.querySelectorAll('img, svg')) check(image.getBoundingClientRect(), image.tagName);
    }
    return spilled;
"""


def spills(driver, selector):
    """What reaches past the border of each element matching `selector` (a card, a panel), as
    '<card>: "<text>" by N px'; [] when everything stays inside."""
    return driver.execute_script(SPILLS, selector)
