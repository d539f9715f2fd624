"""The post-renderer reads the chart's public URL's host without urllib (renderer/read/preflight/chart.py
url_host): it must give what urllib.parse.urlsplit(url).hostname gives."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from renderer.read.preflight.chart import url_host


def _urllib(url: str):
    try:
        return urlsplit(url).hostname or ""
    except ValueError:  # a bracket without its pair: urllib refuses the URL, the chart's never has one
        return None


@pytest.mark.parametrize("url", [
    "", "http://spin-deck:9000", "https://Spinnaker.Example.COM/", "https://user:pw@deck.example.com:8443/x?y#z",
    "//deck.example.com/path", "deck.example.com", "http://[fe80::1%25eth0]:80/", "http://[::1]/", " \thttp://a.b",
    "HTTP://A.B", "1http://a.b", "ht+tp.x-y://a.b", "http:a.b", "http://a.b?q=1/2", "http://a.b#f/g", "http://@x",
    "http://a@b@c.d:1", "mailto:x@y.z", "http://a.b\n.c",
])
def test_known_urls(url):
    assert url_host(url) == _urllib(url)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="htps:/@[]%.:?#-+ \t\nAbC19", max_size=24))
def test_any_text(url):
    expected = _urllib(url)
    if expected is not None:
        assert url_host(url) == expected
