# The shared cache between the TLS proxy and the instances (CONTRACT §14, docs/production-server.md
# 'A shared cache in front'): nginx (TLS) → Varnish → instances. For Debian's varnish 7 with
# varnish-modules (xkey). Install it as /etc/varnish/default.vcl, run varnishd on 127.0.0.1:6081 and
# point nginx's upstream at it; set SHARED_CACHE_PURGE_URL=http://127.0.0.1:6081/ on every instance.
#
# - Published pages are kept as long as the instance says (s-maxage: a day with SHARED_CACHE_PURGE_URL),
#   each under the cache tags it answered (Surrogate-Key, copied into xkey).
# - A content change: each instance sends `PURGE` with the changed tags in `xkey-purge`; only the
#   instances (localhost, never a request nginx relayed) may purge.
# - Never kept: anything but GET/HEAD (form posts), /api/*, /metrics, /healthz, draft preview (its
#   cookie or its parameters), a request with any cookie but the neutral ones (server/cache-key.ts),
#   and any answer that is not a public 200 without Set-Cookie (experiment paths answer private).
# - An instance that restarts never shows an error: failed fetches go to the other instance, sick
#   instances are left out by the /healthz probe, and an expired copy is served while none answers.
vcl 4.1;

import directors;
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
        return (pass);
    }
    if (req.url ~ "^/(api|metrics|healthz)([/?]|$)" || req.http.Authorization) {
        return (pass);
    }
    # Draft preview: its session cookie, or the Studio's preview parameters (and Remix data requests).
    if (req.url ~ "[?&](_data|preview|sanity-preview[^=&]*)(=|&|$)") {
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
    # The Cookie header still reaches the instance on a miss (an experiment path reads it); the cache
    # key is the URL and host alone.
    return (hash);
}

sub vcl_backend_response {
    # A failed fetch of a page tries the other instance (a restart, a drain): visitors never see it.
    if (beresp.status >= 500 && bereq.method ~ "^(GET|HEAD)$" && bereq.retries < 2) {
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
    # The tags the page showed: xkey indexes the object under each (space-separated).
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Served past its lifetime while a fresh copy loads, or while no instance answers.
    set beresp.grace = 24h;
    return (deliver);
}

sub vcl_backend_error {
    if (bereq.method ~ "^(GET|HEAD)$" && bereq.retries < 2) {
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
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Via;
}
