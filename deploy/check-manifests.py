#!/usr/bin/env python3
"""Offline checks of the deployment files: the fields that must agree between the Kubernetes
manifests, the compose file, the proxy's configuration and the server's defaults.

Usage: deploy/check-manifests.py          exit 0 when every check passes; prints each problem
       deploy/check-manifests.py --sync   first copies deploy/haproxy/haproxy.cfg into the
                                          ConfigMap in deploy/k8s/proxy-config.yaml

It runs yamllint on the YAML (rules in deploy/.yamllint) and `haproxy -c` on the proxy
configurations, then checks what neither can: names, labels and selectors,
ports, probe paths, the node name of every replica and the proxy backend that routes to it,
the termination grace period against the server's drain, and that the proxy configuration in
the ConfigMap is deploy/haproxy/haproxy.cfg unchanged.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("check-manifests: skipped: needs PyYAML (deploy/install-deps.sh --with-cluster)")
    sys.exit(77)

DEPLOY = os.path.dirname(os.path.abspath(__file__))
K8S = os.path.join(DEPLOY, "k8s")  # SQLite: every replica its own journal on its volume
K8S_SHARED = os.path.join(DEPLOY, "k8s-shared")  # PostgreSQL: one journal, replicas without volumes
KUSTOMIZATIONS = [(K8S, False), (K8S_SHARED, True)]
SERVER_PORT = 8080          # the image's NYANHALL_PORT (Dockerfile)
DRAIN_MARGIN_S = 5          # journal flush and process exit after the drain
PROXY_CONFIG_DIR = "/etc/haproxy/nyanhall"  # where the proxy image reads its configuration

problems = []


def dockerfile_user(path):
    """The numeric uid of the last USER line of a Dockerfile (None when it is not numeric)."""
    uid = None
    with open(path) as f:
        for line in f:
            m = re.match(r"^USER\s+(\S+)", line)
            if m:
                uid = int(m.group(1).split(":")[0]) if m.group(1).split(":")[0].isdigit() else None
    return uid


# The user each image runs as, by image name.
IMAGE_USERS = {
    "nyanhall": dockerfile_user(os.path.join(DEPLOY, "..", "Dockerfile")),
    "nyanhall-proxy": dockerfile_user(os.path.join(DEPLOY, "haproxy", "Dockerfile")),
}


def check(condition, message):
    if not condition:
        problems.append(message)
    return condition


def load_k8s(folder):
    docs = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".yaml"):
            continue
        with open(os.path.join(folder, name)) as f:
            for doc in yaml.safe_load_all(f):
                if doc is None:
                    continue
                kind = doc.get("kind")
                meta = doc.get("metadata") or {}
                if not check(kind and doc.get("apiVersion") and (meta.get("name") or kind == "Kustomization"),
                             f"{name}: a document without apiVersion, kind or metadata.name"):
                    continue
                docs[(kind, meta.get("name", name))] = (os.path.basename(folder) + "/" + name, doc)
    return docs


def one(docs, kind):
    found = [d for (k, _), (_, d) in docs.items() if k == kind]
    return found


def matches(selector, labels):
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


def env_of(container):
    return {e["name"]: e for e in container.get("env", [])}


def port_numbers(container):
    return {p.get("name"): p["containerPort"] for p in container.get("ports", [])}


def probe_port(probe, container):
    port = probe["httpGet"]["port"]
    return port_numbers(container).get(port) if isinstance(port, str) else port


def check_kustomization(docs, folder):
    k = one(docs, "Kustomization")
    if not check(len(k) == 1, f"{folder}: expected one kustomization.yaml"):
        return
    listed = set(k[0].get("resources", []))
    present = {f for f in os.listdir(folder) if f.endswith(".yaml") and f != "kustomization.yaml"}
    check(listed == present, f"kustomization.yaml lists {sorted(listed)} but the folder holds {sorted(present)}")


def check_workload(docs, kind, name):
    """Selector, labels, probes and resources of a Deployment/StatefulSet; returns (doc, pod labels, container)."""
    entry = docs.get((kind, name))
    if not check(entry, f"k8s: no {kind} {name}"):
        return None, {}, {}
    file, doc = entry
    spec = doc["spec"]
    labels = spec["template"]["metadata"]["labels"]
    check(matches(spec["selector"]["matchLabels"], labels), f"{file}: {kind} {name}: selector does not match its pods")
    containers = spec["template"]["spec"]["containers"]
    check(len(containers) == 1, f"{file}: {kind} {name}: expected one container")
    c = containers[0]
    for probe in ("livenessProbe", "readinessProbe"):
        check(probe in c, f"{file}: {name}: no {probe}")
    requests = c.get("resources", {}).get("requests", {})
    check("cpu" in requests and "memory" in requests, f"{file}: {name}: resource requests for cpu and memory")
    sc = c.get("securityContext", {})
    check(sc.get("allowPrivilegeEscalation") is False, f"{file}: {name}: allowPrivilegeEscalation must be false")
    pod_sc = spec["template"]["spec"].get("securityContext", {})
    check(pod_sc.get("runAsNonRoot") is True, f"{file}: {name}: runAsNonRoot")
    # The kubelet refuses runAsNonRoot for an image whose USER is a name it cannot check, so
    # the pod names the image's numeric user.
    image = c.get("image", "").split(":")[0]
    if check(image in IMAGE_USERS, f"{file}: {name}: image {image} is built by no Dockerfile here"):
        check(IMAGE_USERS[image] is not None and pod_sc.get("runAsUser") == IMAGE_USERS[image],
              f"{file}: {name}: runAsUser must be the numeric USER of the {image} image ({IMAGE_USERS[image]})")
    return doc, labels, c


def check_services_and_budgets(docs, workloads):
    """Every Service and PodDisruptionBudget selects the pods of exactly one workload; Service
    target ports exist on those pods."""
    for (kind, name), (file, doc) in docs.items():
        if kind not in ("Service", "PodDisruptionBudget"):
            continue
        if kind == "Service" and doc["spec"].get("type") == "ExternalName":
            continue  # a name for something outside (the shared journal's database)
        selector = doc["spec"]["selector"] if kind == "Service" else doc["spec"]["selector"]["matchLabels"]
        hits = [w for w in workloads if matches(selector, w[1])]
        if not check(len(hits) == 1, f"{file}: {kind} {name} selects {len(hits)} workloads (want 1)"):
            continue
        if kind == "Service":
            container = hits[0][2]
            for p in doc["spec"]["ports"]:
                target = p.get("targetPort", p["port"])
                ok = target in port_numbers(container) if isinstance(target, str) else target in port_numbers(container).values()
                check(ok, f"{file}: Service {name}: targetPort {target} is not a port of its pods")


def check_servers(docs, shared):
    sts, labels, c = check_workload(docs, "StatefulSet", "nyanhall")
    if not sts:
        return None, None
    file = docs[("StatefulSet", "nyanhall")][0]
    spec = sts["spec"]
    headless = docs.get(("Service", spec["serviceName"]))
    if check(headless, f"{file}: serviceName {spec['serviceName']} is not a Service"):
        check(headless[1]["spec"].get("clusterIP") == "None", f"Service {spec['serviceName']} must be headless")
        check(matches(headless[1]["spec"]["selector"], labels), f"Service {spec['serviceName']} does not select the StatefulSet's pods")
    check(port_numbers(c).get("http") == SERVER_PORT, f"{file}: container port http must be {SERVER_PORT}")
    env = env_of(c)
    if "NYANHALL_PORT" in env:
        check(env["NYANHALL_PORT"]["value"] == str(SERVER_PORT), f"{file}: NYANHALL_PORT differs from the port")
    check(c["livenessProbe"]["httpGet"]["path"] == "/healthz", f"{file}: liveness probe must ask /healthz")
    check(c["readinessProbe"]["httpGet"]["path"] == "/readyz", f"{file}: readiness probe must ask /readyz")
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        if probe in c:
            check(probe_port(c[probe], c) == SERVER_PORT, f"{file}: {probe} on another port")
    # The replica's node name comes from its ordinal: n<i>.
    check(env.get("POD_INDEX", {}).get("valueFrom", {}).get("fieldRef", {}).get("fieldPath")
          == "metadata.labels['apps.kubernetes.io/pod-index']", f"{file}: POD_INDEX must come from the pod-index label")
    check(env.get("NYANHALL_NODE", {}).get("value") == "n$(POD_INDEX)", f"{file}: NYANHALL_NODE must be n$(POD_INDEX)")
    check(list(env).index("POD_INDEX") < list(env).index("NYANHALL_NODE") if "POD_INDEX" in env and "NYANHALL_NODE" in env else False,
          f"{file}: POD_INDEX must be defined before NYANHALL_NODE uses it")
    mounts = {m["name"]: m["mountPath"] for m in c.get("volumeMounts", [])}
    claims = [t["metadata"]["name"] for t in spec.get("volumeClaimTemplates", [])]
    if shared:
        # The shared journal: no volume, the database named by a Secret, its password a file.
        check(not claims and "data" not in mounts, f"{file}: replicas on the shared journal keep no volume")
        check(env.get("NYANHALL_JOURNAL", {}).get("value") == "postgres", f"{file}: NYANHALL_JOURNAL must be postgres")
        check("secretKeyRef" in env.get("NYANHALL_POSTGRES", {}).get("valueFrom", {}),
              f"{file}: NYANHALL_POSTGRES must come from a Secret")
        password = env.get("NYANHALL_POSTGRES_PASSWORD_FILE", {}).get("value", "")
        volumes = {v["name"]: v for v in spec["template"]["spec"].get("volumes", [])}
        check(any(password.startswith(path + "/") and "secret" in volumes.get(name, {}) for name, path in mounts.items()),
              f"{file}: NYANHALL_POSTGRES_PASSWORD_FILE must be a file of a mounted Secret")
    else:
        # Data on the volume claim.
        check(mounts.get("data") == "/data" and "data" in claims, f"{file}: the journal volume claim 'data' must be mounted at /data")
        if "NYANHALL_DATA_DIR" in env:
            check(env["NYANHALL_DATA_DIR"]["value"] == "/data", f"{file}: NYANHALL_DATA_DIR must be /data")
    # SIGTERM: the drain plus the flush must fit in the grace period.
    drain_ms = int(env.get("NYANHALL_DRAIN_MS", {}).get("value", "5000"))
    grace = spec["template"]["spec"].get("terminationGracePeriodSeconds", 30)
    check(grace >= drain_ms / 1000 + DRAIN_MARGIN_S,
          f"{file}: terminationGracePeriodSeconds {grace} < drain {drain_ms} ms + {DRAIN_MARGIN_S} s")
    return (sts, labels, c), spec


def haproxy_backends(text):
    """{backend name: [(server name, address)]} from an HAProxy configuration."""
    backends, current = {}, None
    for line in text.splitlines():
        line = line.split("#", 1)[0].rstrip()
        m = re.match(r"^backend\s+(\S+)", line)
        if m:
            current = backends.setdefault(m.group(1), [])
            continue
        if re.match(r"^\S", line):
            current = None
            continue
        m = re.match(r"^\s+server\s+(\S+)\s+(\S+)(.*)$", line)
        if m and current is not None:
            current.append((m.group(1), m.group(2).strip('"'), "backup" in m.group(3).split()))
    return backends


def check_node_backends(where, backends, nodes, address_of, shared):
    """One node_<n> backend per replica whose one primary server is that replica, and each in
    'any'; on the shared journal the others are its backups (a room whose replica is down is
    taken over where its request lands), else it holds that replica alone."""
    for node in nodes:
        want = address_of(node)
        entries = backends.get("node_" + node, [])
        check([(n, a) for n, a, backup in entries if not backup] == [(node, want)],
              f"{where}: backend node_{node} must have {want} as its one primary server")
        if shared:
            check({(n, a) for n, a, backup in entries if backup} == {(n, address_of(n)) for n in nodes if n != node},
                  f"{where}: backend node_{node} must list every other replica as a backup (shared journal)")
        else:
            check(len(entries) == 1, f"{where}: backend node_{node} must hold only {want}")
        check((node, want) in [(n, a) for n, a, _ in backends.get("any", [])], f"{where}: backend any must include {node} {want}")


def check_proxy(docs, server_spec, shared):
    dep, labels, c = check_workload(docs, "Deployment", "nyanhall-proxy")
    if not dep:
        return None
    file = docs[("Deployment", "nyanhall-proxy")][0]
    check(port_numbers(c).get("http") == 8080, f"{file}: proxy port http must be 8080 (haproxy.cfg binds :8080)")
    check(port_numbers(c).get("stats") == 8404, f"{file}: proxy port stats must be 8404 (haproxy.cfg)")
    for probe in ("livenessProbe", "readinessProbe"):
        check(c[probe]["httpGet"]["path"] == "/healthz" and probe_port(c[probe], c) == 8404,
              f"{file}: proxy {probe} must ask /healthz on the stats port")
    volumes = {v["name"]: v for v in dep["spec"]["template"]["spec"].get("volumes", [])}
    mounts = {m["name"]: m["mountPath"] for m in c.get("volumeMounts", [])}
    cm_name = volumes.get("config", {}).get("configMap", {}).get("name")
    check(mounts.get("config") == PROXY_CONFIG_DIR, f"{file}: the proxy configuration must be mounted at {PROXY_CONFIG_DIR}")
    cm = docs.get(("ConfigMap", cm_name))
    if not check(cm, f"{file}: ConfigMap {cm_name} is missing"):
        return None
    data = cm[1]["data"]
    with open(os.path.join(DEPLOY, "haproxy", "haproxy.cfg")) as f:
        check(data.get("haproxy.cfg") == f.read(),
              f"{cm[0]}: haproxy.cfg differs from deploy/haproxy/haproxy.cfg (deploy/check-manifests.py --sync)")
    env = env_of(c)
    domain = env.get("NYAN_REPLICA_DOMAIN", {}).get("value", "")
    service = server_spec["serviceName"] if server_spec else "nyanhall"
    check(domain.startswith(service + ".$(POD_NAMESPACE).svc."),
          f"{file}: NYAN_REPLICA_DOMAIN must be the headless Service's domain ({service}.$(POD_NAMESPACE).svc...)")
    check(list(env).index("POD_NAMESPACE") < list(env).index("NYAN_REPLICA_DOMAIN") if "POD_NAMESPACE" in env else False,
          f"{file}: POD_NAMESPACE must be defined before NYAN_REPLICA_DOMAIN uses it")
    backends = haproxy_backends(data.get("backends.cfg", ""))
    replicas = server_spec["replicas"] if server_spec else 0
    provisioned = [b for b in backends if b.startswith("node_")]
    # Every name provisioned (the StatefulSet scales within them), its backups among them.
    nodes = ["n%d" % i for i in range(max(replicas, len(provisioned)))]
    check_node_backends(cm[0], backends, nodes, lambda n: "nyanhall-%s.${NYAN_REPLICA_DOMAIN}:%d" % (n[1:], SERVER_PORT),
                        shared)
    check(len(provisioned) >= replicas, f"{cm[0]}: fewer node backends ({len(provisioned)}) than replicas ({replicas})")
    return data


def check_compose():
    path = os.path.join(DEPLOY, "compose.yaml")
    with open(path) as f:
        compose = yaml.safe_load(f)
    with open(os.path.join(DEPLOY, "haproxy", "backends.cfg")) as f:
        backends = haproxy_backends(f.read())
    nodes = []
    check("postgres" in compose["services"], "compose.yaml: the shared journal's PostgreSQL service")
    for name, service in compose["services"].items():
        if name == "postgres":
            check(any(str(v).endswith(":/var/lib/postgresql/data") for v in service.get("volumes", [])),
                  "compose.yaml: the database keeps its data on a volume")
            continue
        if name == "proxy":
            check("8080:8080" in [str(p) for p in service.get("ports", [])], "compose.yaml: the proxy publishes 8080")
            mounts = [str(v) for v in service.get("volumes", [])]
            check(any(m.endswith(":" + PROXY_CONFIG_DIR + "/backends.cfg:ro") for m in mounts),
                  f"compose.yaml: the proxy mounts haproxy/backends.cfg at {PROXY_CONFIG_DIR}/backends.cfg")
            continue
        node = service.get("environment", {}).get("NYANHALL_NODE")
        if not check(node and re.fullmatch(r"[a-z0-9]{1,16}", node), f"compose.yaml: {name}: NYANHALL_NODE must be a valid node name"):
            continue
        check(name == "nyanhall-" + node, f"compose.yaml: service {name} should be named nyanhall-{node}")
        nodes.append(node)
        env = service.get("environment", {})
        check(not service.get("volumes"), f"compose.yaml: {name}: a replica on the shared journal keeps no volume")
        check(env.get("NYANHALL_JOURNAL") == "postgres" and "host=postgres" in env.get("NYANHALL_POSTGRES", ""),
              f"compose.yaml: {name}: the journal must be the postgres service")
        check(env.get("NYANHALL_POSTGRES_PASSWORD_FILE", "").startswith("/run/secrets/") and service.get("secrets"),
              f"compose.yaml: {name}: the database password comes from a secret file")
        check(int(str(service.get("stop_grace_period", "10s")).rstrip("s")) >= 5 + DRAIN_MARGIN_S,
              f"compose.yaml: {name}: stop_grace_period shorter than the drain")
    check(len(nodes) == len(set(nodes)), "compose.yaml: every replica needs its own node name")
    check_node_backends("haproxy/backends.cfg", backends, nodes, lambda n: "nyanhall-%s:%d" % (n, SERVER_PORT), True)
    check(set(b for b in backends if b.startswith("node_")) == set("node_" + n for n in nodes),
          "haproxy/backends.cfg: node backends must be exactly the compose replicas")


def yamllint():
    binary = shutil.which("yamllint")
    if not binary:
        print("check-manifests: skipped: needs yamllint (deploy/install-deps.sh --with-cluster)")
        sys.exit(77)
    r = subprocess.run([binary, "-f", "parsable", "-c", os.path.join(DEPLOY, ".yamllint"),
                        os.path.join(DEPLOY, "compose.yaml"), K8S, K8S_SHARED], capture_output=True, text=True)
    check(r.returncode == 0, "yamllint:\n" + r.stdout + r.stderr)


def haproxy_check(name, cfg, backends_text, env):
    """haproxy -c on the routing plus one backends file, when haproxy is installed."""
    binary = shutil.which("haproxy") or ("/usr/sbin/haproxy" if os.path.exists("/usr/sbin/haproxy") else None)
    if not binary:
        print(f"check-manifests: haproxy not installed; skipped haproxy -c for {name}")
        return
    with tempfile.NamedTemporaryFile("w", suffix=".cfg") as b:
        b.write(backends_text)
        b.flush()
        r = subprocess.run([binary, "-c", "-f", cfg, "-f", b.name], env={**os.environ, **env},
                           capture_output=True, text=True)
        alerts = [line for line in (r.stdout + r.stderr).splitlines() if "ALERT" in line]
        check(r.returncode == 0, f"haproxy -c {name}: " + "\n".join(alerts))


def sync_proxy_config(folder):
    """Replaces the haproxy.cfg block of the ConfigMap with deploy/haproxy/haproxy.cfg."""
    path = os.path.join(folder, "proxy-config.yaml")
    with open(path) as f:
        text = f.read()
    with open(os.path.join(DEPLOY, "haproxy", "haproxy.cfg")) as f:
        cfg = f.read()
    block = "".join("    " + line if line.strip() else "\n" for line in cfg.splitlines(True))
    start = text.index("  haproxy.cfg: |\n") + len("  haproxy.cfg: |\n")
    end = text.index("  backends.cfg: |\n")
    with open(path, "w") as f:
        f.write(text[:start] + block + text[end:])


def main():
    if "--sync" in sys.argv[1:]:
        for folder, _ in KUSTOMIZATIONS:
            sync_proxy_config(folder)
    yamllint()
    proxies, counted = [], 0
    for folder, shared in KUSTOMIZATIONS:
        docs = load_k8s(folder)
        counted += len(docs)
        check_kustomization(docs, folder)
        servers, server_spec = check_servers(docs, shared)
        proxies.append((os.path.basename(folder), check_proxy(docs, server_spec, shared)))
        workloads = [w for w in (servers, check_workload(docs, "Deployment", "nyanhall-proxy")) if w and w[0]]
        check_services_and_budgets(docs, workloads)
    check_compose()
    cfg = os.path.join(DEPLOY, "haproxy", "haproxy.cfg")
    with open(cfg) as f:
        routing = f.read()
    # The backend names the routing uses are the ones every backends file defines.
    check("use_backend node_%[var(txn.node)]" in routing and "default_backend any" in routing,
          "haproxy.cfg: routes to node_<name> and defaults to any")
    with open(os.path.join(DEPLOY, "haproxy", "backends.cfg")) as f:
        haproxy_check("compose backends", cfg, f.read(), {})
    for name, proxy_data in proxies:
        if proxy_data:
            haproxy_check(name + " backends", cfg, proxy_data.get("backends.cfg", ""),
                          {"NYAN_REPLICA_DOMAIN": "nyanhall.default.svc.cluster.local"})
    for p in dict.fromkeys(problems):  # the proxy's workload is checked twice; say each once
        print("check-manifests: " + p)
    if problems:
        return 1
    print(f"check-manifests: {counted} Kubernetes documents (k8s, k8s-shared), compose.yaml and the proxy configuration agree")
    return 0


if __name__ == "__main__":
    sys.exit(main())
