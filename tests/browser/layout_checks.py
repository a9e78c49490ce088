"""Checks that a page suits a touch screen: nothing wider than the screen, fingers-sized targets."""

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
            .map(e => { const r = e.getBoundingClientRect();
                        return [e.textContent.trim() || e.id || e.tagName, Math.round(r.width), Math.round(r.height)]; })
            .filter(([, w, h]) => w < arguments[0] || h < arguments[0]);
    """, MIN_TARGET)
    assert not small, f"{driver.current_url}: touch targets under {MIN_TARGET}px: {small}"
