"""The accessibility check: axe-core (shipped by axe-selenium-python) run on the current page."""
from axe_selenium_python import Axe

BLOCKING = {"serious", "critical"}


def assert_no_serious_violations(driver):
    """Fails with a readable report when axe finds any serious or critical violation."""
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    blocking = [v for v in results["violations"] if v.get("impact") in BLOCKING]
    assert not blocking, f"{driver.current_url}: " + axe.report(blocking)
    return results
