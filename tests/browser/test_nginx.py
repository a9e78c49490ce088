"""Bourse behind Debian's nginx over HTTPS, with the proxy settings of docs/nginx/bourse-proxy.conf
and a certificate made for the test: sign in, a page, the API and the exchange's socket, all
through the proxy; the app believes X-Forwarded-Proto only from the proxy it was told to trust."""
import json
import os
import shutil
import ssl
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, free_port, make_driver, running_app
from test_signin import PASSWORD, set_password

NGINX_CONF = """
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log {tmp}/access.log;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        '' close;
    }}
    upstream bourse {{ server 127.0.0.1:{app_port}; }}
    server {{
        listen 127.0.0.1:{port} ssl;
        server_name localhost;
        ssl_certificate {tmp}/cert.pem;
        ssl_certificate_key {tmp}/key.pem;
        include {snippet};
    }}
}}
"""


@pytest.fixture(scope="module")
def proxied():
    """The app (sign-in on, trusting 127.0.0.1 as its proxy) behind nginx on https://localhost:PORT."""
    with running_app("--trusted-proxy", "127.0.0.1", prepare=set_password) as app_url:
        tmp = Path(tempfile.mkdtemp(prefix="bourse-nginx-"))
        os.chmod(tmp, 0o755)
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
             "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
             "-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")],
            check=True, capture_output=True)
        port = free_port()
        (tmp / "nginx.conf").write_text(NGINX_CONF.format(
            tmp=tmp, port=port, app_port=urllib.parse.urlparse(app_url).port,
            snippet=ROOT / "docs" / "nginx" / "bourse-proxy.conf"))
        nginx = subprocess.Popen(["nginx", "-p", str(tmp), "-c", str(tmp / "nginx.conf"), "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        url = f"https://localhost:{port}"
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    if request(url + "/api/v1/health")[0] == 200:
                        break
                except OSError:
                    pass
                if nginx.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("nginx did not start: " + nginx.stderr.read().decode()
                                + (tmp / "error.log").read_text() if (tmp / "error.log").exists() else "")
                time.sleep(0.2)
            yield url
        finally:
            nginx.terminate()
            nginx.wait(timeout=10)
            shutil.rmtree(tmp, ignore_errors=True)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def request(url, method="GET", headers=None, data=None):
    """(status, headers, body) through the proxy; the test's own certificate is not checked."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(context=context))
    try:
        with opener.open(urllib.request.Request(url, method=method, headers=headers or {}, data=data),
                         timeout=30) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def test_sign_in_and_the_api_through_the_proxy(proxied):
    status, headers, _ = request(proxied + "/exchange")
    assert status == 303 and headers["Location"] == "/signin?next=%2Fexchange"
    assert request(proxied + "/api/v1/orders")[0] == 401

    form = urllib.parse.urlencode({"name": "ada", "password": PASSWORD, "next": "/"}).encode()
    status, headers, _ = request(proxied + "/signin", "POST", {"Content-Type": "application/x-www-form-urlencoded"}, form)
    assert status == 303
    set_cookie = headers["Set-Cookie"]
    assert "Secure" in set_cookie, "over TLS at the proxy the cookie is Secure"
    cookie = set_cookie.split(";")[0]

    status, headers, body = request(proxied + "/api/v1/orders", headers={"Cookie": cookie})
    assert status == 200 and "orders" in json.loads(body)
    assert headers["Strict-Transport-Security"].startswith("max-age=")


def test_a_page_and_the_socket_through_the_proxy(proxied):
    driver = make_driver("phone", accept_insecure_certs=True)
    try:
        driver.get(proxied + "/exchange")
        wait = WebDriverWait(driver, 30)
        wait.until(lambda d: "/signin" in d.current_url)
        driver.find_element(By.ID, "sign-in-name").send_keys("ada")
        driver.find_element(By.ID, "sign-in-password").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, ".sign-in button[type=submit]").click()
        wait.until(lambda d: d.current_url == proxied + "/exchange")
        assert driver.get_cookie("bourse_session")["secure"]
        # The socket (wss:// through nginx's upgrade) brings the feed: the badge goes live and ticks arrive.
        wait.until(lambda d: d.find_element(By.ID, "feed-badge").get_attribute("data-state") == "live")
        first = driver.execute_script("return document.body.dataset.lastSeq")
        wait.until(lambda d: d.execute_script("return document.body.dataset.lastSeq") != first)
    finally:
        driver.quit()
