"""A stand-in Kubernetes API server that answers discovery only, for Helm 3's install dry run.

Helm 3 resolves every kind through the API server's discovery even for
`install --dry-run=client` (only `helm template` is client-only), so its
install path cannot run without a server. This one serves /version and the
resource lists of the kinds the chart renders (SpinnakerConfigBundle is
unknown, as in a real cluster), an empty release history, and records every
request; anything else is 404, and nothing can be created.
"""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CORE = [("configmaps", "ConfigMap", True), ("secrets", "Secret", True), ("services", "Service", True),
        ("serviceaccounts", "ServiceAccount", True), ("pods", "Pod", True),
        ("persistentvolumeclaims", "PersistentVolumeClaim", True), ("namespaces", "Namespace", False)]
GROUPS = {
    "apps/v1": [("deployments", "Deployment", True), ("statefulsets", "StatefulSet", True)],
    "batch/v1": [("jobs", "Job", True)],
    "policy/v1": [("poddisruptionbudgets", "PodDisruptionBudget", True)],
    "networking.k8s.io/v1": [("ingresses", "Ingress", True), ("networkpolicies", "NetworkPolicy", True)],
    "rbac.authorization.k8s.io/v1": [("roles", "Role", True), ("rolebindings", "RoleBinding", True),
                                     ("clusterroles", "ClusterRole", False),
                                     ("clusterrolebindings", "ClusterRoleBinding", False)],
}


def _resources(group_version, resources):
    return {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": group_version,
            "resources": [{"name": name, "singularName": "", "namespaced": namespaced, "kind": kind,
                           "verbs": ["get", "list", "create", "update", "delete"]}
                          for name, kind, namespaced in resources]}


def _answer(path: str):
    if path == "/version":
        return {"major": "1", "minor": "32", "gitVersion": "v1.32.0"}
    if path == "/api":
        return {"kind": "APIVersions", "versions": ["v1"]}
    if path == "/api/v1":
        return _resources("v1", CORE)
    if path == "/apis":
        return {"kind": "APIGroupList", "apiVersion": "v1", "groups": [
            {"name": gv.split("/")[0], "versions": [{"groupVersion": gv, "version": gv.split("/")[1]}],
             "preferredVersion": {"groupVersion": gv, "version": gv.split("/")[1]}} for gv in GROUPS]}
    if path.startswith("/apis/") and path[len("/apis/"):] in GROUPS:
        return _resources(path[len("/apis/"):], GROUPS[path[len("/apis/"):]])
    if path.endswith("/secrets"):  # Helm's release history: none
        return {"kind": "SecretList", "apiVersion": "v1", "items": []}
    return None


class DiscoveryServer:
    def __init__(self):
        self.requests: list[tuple[str, str]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _reply(self):
                server.requests.append((self.command, self.path))
                body = _answer(self.path.split("?")[0]) if self.command == "GET" else None
                if body is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _reply

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def kubeconfig(self, path) -> str:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(f"""apiVersion: v1
kind: Config
clusters: [{{name: discovery, cluster: {{server: "{self.url}"}}}}]
contexts: [{{name: discovery, context: {{cluster: discovery, user: nobody}}}}]
users: [{{name: nobody, user: {{}}}}]
current-context: discovery
""")
        return str(path)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
