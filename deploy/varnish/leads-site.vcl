# The shared cache between the TLS proxy and the instances (CONTRACT §14, docs/production-server.md
# 'A shared cache in front'): nginx (TLS) → Varnish → instances. For Debian's varnish 7 with
# varnish-modules (xkey). Install it as /etc/varnish/default.vcl, run varnishd on 127.0.0.1:6081 with
# `-p backend_idle_timeout=1` and point nginx's upstream at it; set SHARED_CACHE_PURGE_URL=http://127.0.0.1:6081/
# on every instance. The 1 s (default 60 s): a stopping instance closes a connection idle for 2 s, and Varnish
# must have closed it first, or a lead's POST written into it at that instant is reset and not resent.
#
# - Published pages are kept as long as the instance says (s-maxage: a day with SHARED_CACHE_PURGE_URL),
#   each under the cache tags it answered (Surrogate-Key, copied into xkey).
# - A content change: each instance sends `PURGE` with the changed tags in `xkey-purge`; only the
#   instances (localhost, never a request nginx relayed) may purge.
# - One page, one entry (server/cache-key.ts): a page is keyed by its path and the query parameters it
#   reads, never by the Host spelling nor by any other parameter (gclid, gbraid, wbraid, fbclid,
#   msclkid, utm_*, junk), and by the encoding it is stored in (br, gzip or none): the brotli the
#   instances prebuild reaches the browsers that take it. The instance still gets the visitor's own
#   URL (a redirect keeps its campaign parameters; attribution reads them in the browser).
# - A path in another spelling (dot segments, doubled slashes, encoded dots) goes to an instance
#   uncached: it answers the 301 to the path it names, or the 404 (server/canonical-path.ts).
# - Never kept: anything but GET/HEAD (form posts), /api/*, /metrics, /healthz, draft preview (its
#   cookie or its parameters), a request with any cookie but the neutral ones (server/cache-key.ts),
#   and any answer that is not a public 200 without Set-Cookie (experiment paths answer private).
# - An instance that restarts never shows an error: failed fetches go to another instance (a lead's
#   post too, when nginx's X-Request-Id makes the copy the same lead), sick instances are left out by the
#   /healthz probe, and an expired copy is served while none answers.
vcl 4.1;

import directors;
import std;
import xkey;

probe healthz {
    .url = "/healthz";
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

# The instances, as deploy/nginx/leads-site.conf names them.
backend instance_3001 { .host = "127.0.0.1"; .port = "3001"; .probe = healthz; .connect_timeout = 1s; .first_byte_timeout = 30s; }
backend instance_3002 { .host = "127.0.0.1"; .port = "3002"; .probe = healthz; .connect_timeout = 1s; .first_byte_timeout = 30s; }

# Who may purge: the instances, on this machine.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new instances = directors.round_robin();
    instances.add_backend(instance_3001);
    instances.add_backend(instance_3002);
    # The same instances in a fixed ring, for retries (vcl_backend_fetch).
    new ring = directors.shard();
    ring.add_backend(instance_3001);
    ring.add_backend(instance_3002);
    ring.reconfigure();
}

sub vcl_recv {
    set req.backend_hint = instances.backend();
    unset req.http.x-other-cookies;

    if (req.method == "PURGE") {
        # Varnish appends the peer to X-Forwarded-For; a request nginx relayed already had one (the
        # visitor's), so a second address means it came from outside, whatever the peer.
        if (client.ip !~ purgers || req.http.X-Forwarded-For ~ ",") {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "No xkey-purge header"));
        }
        return (synth(200, "Purged " + xkey.purge(req.http.xkey-purge)));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        # A post with our proxy's X-Request-Id (nginx's $request_id) is kept whole (8 MB: nginx's own
        # limit) so that a failed hand-over can send it to the other instance (vcl_backend_error), which
        # stores the copy as the same lead (docs/decisions/0024-a-resent-post-is-one-lead.md).
        if (req.method == "POST" && req.http.X-Request-Id && req.url !~ "(?i)^/api/revalidate") {
            std.cache_req_body(8MB);
        }
        return (pass);
    }
    # Edge (CONTRACT §12): a target that is not a plain path (absolute form, dot segments, doubled
    # slashes, encoded dots) is judged by an instance before any prefix is looked at here: it answers
    # the 301 to the path the spelling names (or the 404), which is never kept. So `/api/x/../../contacto`
    # and `//api/..//sectores` are neither passed as /api/ nor kept as pages of their own.
    if (req.url !~ "^/" || req.url ~ "^[^?]*(//|/\.\.?(/|\?|$)|%2[eE])") {
        return (pass);
    }
    # Routes match whatever their case: `/API/…` is the API too.
    if (req.url ~ "(?i)^/(api|metrics|healthz)([/?]|$)" || req.http.Authorization) {
        return (pass);
    }
    # Draft preview: its session cookie, or the Studio's preview parameters (and Remix data requests).
    if (req.url ~ "(?i)[?&](_data|preview|sanity-preview[^=&]*)(=|&|$)") {
        return (pass);
    }
    # The cookies that never change a page (consent, visit origin, analytics, the experiment's, which
    # only matters where an experiment runs, and those answers are private): any other one, pass.
    if (req.http.Cookie) {
        set req.http.x-other-cookies = regsuball(
            ";" + req.http.Cookie,
            "(?i);\s*(cookie[-_]?consent|consent|cc_cookie|origen_visita|experimentos|_ga|_ga_[\w-]+|_gid|_gcl_[\w-]+|_fbp|_fbc)=[^;]*",
            "");
        if (req.http.x-other-cookies ~ "[^;\s]") {
            unset req.http.x-other-cookies;
            return (pass);
        }
        unset req.http.x-other-cookies;
    }
    # The Cookie header still reaches the instance on a miss (an experiment path reads it); it is no
    # part of the key.
    call edge_cache_key;
    call edge_encoding;
    return (hash);
}

# Edge: the key of a page, as the instance's page cache keys it (server/cache-key.ts, pageCacheKey): the
# path and only the query parameters the page reads (PAGE_QUERY_PARAMS; tests/unit/vcl-cache-key.test.ts
# fails when this list and the instance's disagree). Every other parameter is left out: ad click ids
# (gclid, gbraid, wbraid, fbclid, msclkid), utm_* and junk. A parameter name written with escapes or
# `+` on a page that reads parameters is kept in the key (`%71` is `q` to the instance), so the key is
# never coarser than the instance's (which would show one page's copy for another). Files and the
# handlers under /images/, /social/ and /build/ read their own parameters (widths, versions): their
# whole query stays in the key. req.url itself is untouched.
sub edge_cache_key {
    set req.http.x-cache-key = req.url;
    if (req.url !~ "^/(images|social|build)/" && req.url !~ "^[^?]*\.[^/?]*(\?|$)") {
        if (req.url ~ "^/calculadora(\?|$)") {
            set req.http.x-cache-key = regsuball(req.http.x-cache-key, "([?&])(?!(?:sector|conversion|beneficio|presupuesto|ver)(?:[=&]|$))[\w.~-]*(?:=[^&]*)?(?=&|$)", "\1");
        } elsif (req.url ~ "^/sectores(\?|$)") {
            set req.http.x-cache-key = regsuball(req.http.x-cache-key, "([?&])(?!(?:q|pagina)(?:[=&]|$))[\w.~-]*(?:=[^&]*)?(?=&|$)", "\1");
        } else {
            # A page that reads no parameter: its path alone, as the instance keys it.
            set req.http.x-cache-key = regsub(req.http.x-cache-key, "\?.*$", "");
        }
        # What the removals left: empty pairs, and a `?` with nothing after it.
        set req.http.x-cache-key = regsuball(req.http.x-cache-key, "&{2,}", "&");
        set req.http.x-cache-key = regsub(req.http.x-cache-key, "\?&", "?");
        set req.http.x-cache-key = regsub(req.http.x-cache-key, "[?&]$", "");
        # The order of the kept parameters does not change the page; a name given twice does (the
        # instance reads the first), so then the order stays.
        if (req.http.x-cache-key !~ "[?&]([^=&]*)(?:=[^&]*)?&(?:.*&)?\1(?:=|&|$)") {
            set req.http.x-cache-key = std.querysort(req.http.x-cache-key);
        }
    }
}

# Edge: the encoding a page is stored and sent in, normalised to br, gzip or none (what the instance
# would choose, server/cached-response.ts): one entry per page and encoding at most. Varnish's own
# gzip handling would turn every Accept-Encoding into gzip before the lookup and the fetch.
sub edge_encoding {
    if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*br\s*(;\s*q\s*=\s*(0?\.0*[1-9]|1)[^,]*)?(,|$)") {
        set req.http.x-encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(?i)(^|,)\s*(x-)?gzip\s*(;\s*q\s*=\s*(0?\.0*[1-9]|1)[^,]*)?(,|$)") {
        set req.http.x-encoding = "gzip";
    } else {
        set req.http.x-encoding = "identity";
    }
}

sub vcl_hash {
    # Edge: the key alone, never the Host: every Host spelling (`EXAMPLE.es:443`, another name) is the
    # site's one page. The instances render with PUBLIC_SITE_URL, never with the request's host.
    hash_data(req.http.x-cache-key);
    hash_data(req.http.x-encoding);
    return (lookup);
}

sub vcl_backend_fetch {
    # A retry goes to an instance other than the one that failed: the first of the ring that is not it. Round
    # robin alone may hand it back to that instance (the requests under way meanwhile move its turn), and a
    # stopping instance counts as healthy until its probes fail, about 2 s.
    if (bereq.retries > 0 && bereq.http.x-failed-instance) {
        set bereq.backend = ring.backend(by=KEY, key=0, alt=0, healthy=IGNORE);
        if ("" + bereq.backend == bereq.http.x-failed-instance) {
            set bereq.backend = ring.backend(by=KEY, key=0, alt=1, healthy=IGNORE);
        }
    }
    unset bereq.http.x-failed-instance;
    # Edge: the instance is asked for the encoding of the entry (Varnish would ask for gzip), with the
    # visitor's own URL.
    if (bereq.http.x-encoding == "identity") {
        unset bereq.http.Accept-Encoding;
    } elsif (bereq.http.x-encoding) {
        set bereq.http.Accept-Encoding = bereq.http.x-encoding;
    }
    unset bereq.http.x-encoding;
    unset bereq.http.x-cache-key;
}

sub vcl_backend_response {
    # A failed fetch of a page tries the other instance (a restart, a drain): visitors never see it.
    if (beresp.status >= 500 && bereq.method ~ "^(GET|HEAD)$" && bereq.retries < 2) {
        set bereq.http.x-failed-instance = beresp.backend.name;
        return (retry);
    }
    # A build file the instance does not have (during a deploy, a page of the new build asks an instance
    # of the old one): the other instance is asked, as nginx does. An instance of the new build keeps
    # the old build's files (server/build-release.ts), so a page of either build gets its files.
    if (beresp.status == 404 && bereq.url ~ "^/build/" && bereq.method ~ "^(GET|HEAD)$" && bereq.retries < 2) {
        set bereq.http.x-failed-instance = beresp.backend.name;
        return (retry);
    }
    # An expired copy being refreshed in the background stays when the refresh fails (stale-if-error).
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    if (bereq.uncacheable) {
        return (deliver);
    }
    if (beresp.status != 200
        || beresp.http.Set-Cookie
        || beresp.http.Cache-Control !~ "(?i)\bpublic\b"
        || beresp.http.Cache-Control ~ "(?i)\b(private|no-store|no-cache)\b"
        || beresp.http.Vary == "*") {
        # Not shared: remembered briefly as such, so requests go straight to an instance.
        set beresp.uncacheable = true;
        set beresp.ttl = 10s;
        return (deliver);
    }
    # Edge: the encoding is part of the key, so Vary: Accept-Encoding is set aside while stored (Varnish
    # would compare it with the Accept-Encoding it rewrote) and given back on delivery.
    if (beresp.http.Vary ~ "(?i)(^|,)\s*accept-encoding\s*(,|$)") {
        set beresp.http.Vary = regsub(
            regsuball(beresp.http.Vary, "(?i)(^|,)\s*accept-encoding\s*(?=,|$)", ""),
            "^\s*,\s*", "");
        if (beresp.http.Vary !~ "[^\s,]") {
            unset beresp.http.Vary;
        }
        set beresp.http.x-vary-encoding = "1";
    }
    # The tags the page showed: xkey indexes the object under each (space-separated).
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Served past its lifetime while a fresh copy loads, or while no instance answers.
    set beresp.grace = 24h;
    return (deliver);
}

sub vcl_backend_error {
    set bereq.http.x-failed-instance = beresp.backend.name;
    if (bereq.method ~ "^(GET|HEAD)$" && bereq.retries < 2) {
        return (retry);
    }
    # A post the instance reset or refused (a restart): once more, to the other instance, when its id
    # makes the copy the same lead (kept whole in vcl_recv). Sanity's webhook is left to Sanity.
    if (bereq.method == "POST" && bereq.http.X-Request-Id && bereq.url !~ "(?i)^/api/revalidate" && bereq.retries < 1) {
        return (retry);
    }
}

sub vcl_deliver {
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # Edge: the Vary set aside when the page was stored (vcl_backend_response).
    if (resp.http.x-vary-encoding) {
        if (resp.http.Vary) {
            set resp.http.Vary = resp.http.Vary + ", Accept-Encoding";
        } else {
            set resp.http.Vary = "Accept-Encoding";
        }
        unset resp.http.x-vary-encoding;
    }
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Via;
}
