"""Records the official client's verdict on every case of the config-check corpus.

Development only, never run by CI (CI cannot fetch the client): run scripts/dev/client-verdicts.sh,
which extracts the client's package from a mirror of langchain-ai/langgraph and puts it on
PYTHONPATH. For each case (config_corpus.py) it writes the tree to a temporary workspace and:
1. runs the client's `validate_config_file` on the config;
2. archives as the client's `deploy` does (`create_archive`), and, separately, as the action
   lays its archive out (the config's directory, its local dependencies and, for a uv source,
   `source.root`);
3. on each archive, extracted, runs what the remote build runs: `validate_config_file` again and
   `config_to_docker` (PyPI stubbed with a fixed release list), then looks at the Dockerfile:
   every `ADD`/`COPY` source must be in the archive, the `FROM` reference must be valid, and a
   Node.js graph's file must be there (the JS build reads it).
The verdicts go to __tests__/fixtures/config-corpus/<group>.json with each case's tree and config:
facts about the client, never its code.
"""

import base64
import contextlib
import copy
import io
import json
import os
import pathlib
import re
import shutil
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import config_corpus  # noqa: E402

from langgraph_cli import config as lc  # noqa: E402
from langgraph_cli._ignore import _build_ignore_spec  # noqa: E402
from langgraph_cli.archive import _add_directory, create_archive  # noqa: E402

CATEGORIES = [
    (r"Expecting|Extra data|Unexpected UTF-8 BOM|Invalid control character|JSONDecodeError", "json"),
    (r"No graphs found", "graphs-missing"),
    (r"Invalid Python version format", "python-version-format"),
    (r"Python version .* is not supported", "python-version-min"),
    (r"Bullseye", "bullseye"),
    (r"No dependencies found", "dependencies-missing"),
    (r"Node.js version in package.json|Only 'node' engine|package\.json", "package-json"),
    (r"Invalid Node.js version format|Node.js version must be major", "node-version-format"),
    (r"Node.js version .* is not supported", "node-version-min"),
    (r"Top-level `project_root`", "legacy-keys"),
    (r"_INTERNAL_docker_tag and api_version", "api-version-with-tag"),
    (r"No PyPI releases match", "pypi-no-match"),
    (r"compatible api_version|Compatible api_version", "api-version-range"),
    (r"Invalid version format", "api-version-format"),
    (r"Invalid pip_installer", "pip-installer"),
    (r"`source` must be an object", "source-not-object"),
    (r"Invalid source.kind", "source-kind"),
    (r"different config shape", "uv-shape"),
    (r"Invalid image_distro", "image-distro"),
    (r"(auth|encryption)\.path format|http\.app format", "section-path-format"),
    (r"keep_pkg_tools|build tool", "keep-pkg-tools"),
    (r"Could not find local dependency", "dependency-missing"),
    (r"Local dependency must be a directory", "dependency-not-dir"),
    (r"is reserved", "package-name-reserved"),
    (r"contains a hyphen", "package-name-hyphen"),
    (r"not covered by dependencies|not found in 'dependencies' list", "outside-dependencies"),
    (r"No uv.lock found", "uv-lock-missing"),
    (r"No pyproject.toml found", "uv-pyproject-missing"),
    (r"source.package", "uv-package"),
    (r"base image with uv", "uv-base-image"),
    (r"not inside the target package", "uv-outside-package"),
    (r"excluded from the Docker build context", "uv-member-excluded"),
    (r"source.kind 'uv'|workspace|tool.uv", "uv-workspace"),
    (r"Top-level `project_root`", "legacy-keys"),
    (r"Could not find ui|Ui '", "ui-file"),
    (r"Could not find|must be a file|not found", "file-missing"),
    (r"must be in format", "import-format"),
    (r"must contain a 'path'|must be a string or a dictionary", "graph-shape"),
]


def category(error):
    text = f"{type(error).__name__}: {error}"
    if isinstance(error, (ValueError, FileNotFoundError)) or "UsageError" in type(error).__name__ or isinstance(error, json.JSONDecodeError):
        for pattern, name in CATEGORIES:
            if re.search(pattern, text):
                return name
    if isinstance(error, (AttributeError, TypeError, KeyError)):
        return "wrong-type"
    for pattern, name in CATEGORIES:
        if re.search(pattern, text):
            return name
    return type(error).__name__


def refused(stage, error):
    return {"accepted": False, "stage": stage, "category": category(error), "error": type(error).__name__}


def quiet(fn, *args, **kwargs):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return fn(*args, **kwargs)


def write_tree(files, root):
    for path, content in files.items():
        target = root / path
        if path.endswith("/"):
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(content, encoding="utf-8")


def write_bytes(files, root):
    """Files recorded as bytes (base64): a config that is not UTF-8."""
    for path, content in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(base64.b64decode(content))


IMAGE = re.compile(r"^[A-Za-z0-9]+(?:(?:[._]|__|-+)[A-Za-z0-9]+)*(?::[0-9]+)?(?:/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?$")


def build(extracted, config_rel):
    """What the remote build does with an archive: validate, generate the Dockerfile, and need its files."""
    path = extracted / config_rel
    if not path.is_file():
        return {"accepted": False, "stage": "build", "category": "config-not-shipped"}
    try:
        config = quiet(lc.validate_config_file, path)
    except BaseException as error:  # noqa: BLE001 - every failure is a verdict
        return refused("build-validate", error)
    try:
        dockerfile, contexts = quiet(lc.config_to_docker, path, copy.deepcopy(config))
    except BaseException as error:  # noqa: BLE001
        return refused("dockerfile", error)
    if not dockerfile_parses(dockerfile):
        return {"accepted": False, "stage": "build", "category": "dockerfile-syntax"}
    context = path.parent
    ignore = _build_ignore_spec(context, include_gitignore=False)
    missing = []
    for line in dockerfile.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "FROM" and not IMAGE.match(words[1]):
            return {"accepted": False, "stage": "build", "category": "image-reference"}
        if words[0] == "ADD" and len(words) >= 3:
            source = words[1]
            rel = os.path.relpath(context / source, context).replace(os.sep, "/")
            if not (context / source).exists() or (rel != "." and ignore.match_file(rel)):
                missing.append(source)
        if words[0] == "COPY" and len(words) >= 4 and words[1].startswith("--from="):
            name = words[1][len("--from="):]
            base = pathlib.Path(contexts[name]) if name in contexts else None
            if base is None or not (base / words[2]).exists():
                missing.append(words[2])
    # The image's tag names the language's version: one that is no version (`None`, `0`) names no image.
    if not config.get("_INTERNAL_docker_tag"):
        node = config.get("node_version") and not config.get("python_version")
        version = str(config.get("node_version") if node else config.get("python_version"))
        if not re.fullmatch(r"[0-9]+" if node else r"[0-9]+\.[0-9]+(-[a-z]+)?", version):
            return {"accepted": False, "stage": "build", "category": "image-tag"}
        if config.get("image_distro") not in ("debian", "wolfi", "bookworm"):
            return {"accepted": False, "stage": "build", "category": "image-tag"}
    if config.get("node_version") and not config.get("python_version"):
        for spec in config["graphs"].values():
            spec = spec.get("path") if isinstance(spec, dict) else spec
            module = spec.partition(":")[0]
            if ("/" in module or "\\" in module) and not (context / module).is_file():
                missing.append(module)
    if missing:
        return {"accepted": False, "stage": "build", "category": "file-not-shipped"}
    return {"accepted": True}


INSTRUCTIONS = {"FROM", "RUN", "CMD", "LABEL", "MAINTAINER", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT", "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL"}


def dockerfile_parses(text):
    """Each instruction (continuation lines joined, comments and blanks skipped) starts with a Dockerfile keyword."""
    continued = False
    heredoc = None
    for line in text.splitlines():
        stripped = line.strip()
        if heredoc is not None:
            if stripped == heredoc:
                heredoc = None
            continue
        if not continued and (not stripped or stripped.startswith("#")):
            continue
        if not continued and stripped.split()[0].upper() not in INSTRUCTIONS:
            return False
        match = re.search(r"<<-?\s*[\"']?([A-Za-z_][A-Za-z0-9_]*)[\"']?", stripped)
        heredoc = match.group(1) if match else None
        continued = heredoc is None and stripped.endswith("\\")
    return True


def within(path, root):
    return path == root or root in path.parents


def action_layout(config_path, config, workspace):
    """The directories the action archives: the config's, its local dependencies', and a uv source's root."""
    deps = quiet(lc._assemble_local_deps, config_path, config)
    dirs = [config_path.parent] + list(deps.additional_contexts or [])
    source = config.get("source")
    if isinstance(source, dict) and source.get("kind") == "uv":
        root = source.get("root", ".")
        if isinstance(root, str) and root.strip():
            resolved = (config_path.parent / root).resolve()
            if resolved.is_dir():
                dirs.append(resolved)
    return dirs


def pack(dirs, archive):
    common = dirs[0]
    for d in dirs[1:]:
        common = pathlib.Path(os.path.commonpath([common, d]))
    added = set()
    with tarfile.open(archive, "w") as tar:
        for d in dirs:
            rel = d.relative_to(common)
            prefix = str(rel).replace(os.sep, "/") if str(rel) != "." else None
            if (prefix or "") in added:
                continue
            added.add(prefix or "")
            _add_directory(tar, d, arcname_prefix=prefix, ignore_spec=_build_ignore_spec(d))
    return common


def extract(archive, into):
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")


def local_dirs_leave(config_path, config, workspace):
    deps = config.get("dependencies", [])
    entries = deps if isinstance(deps, (list, str)) else []
    for dep in entries:
        if isinstance(dep, str) and dep.startswith(".") and not within((config_path.parent / dep).resolve(), workspace):
            return True
    source = config.get("source")
    if isinstance(source, dict) and source.get("kind") == "uv" and isinstance(source.get("root"), str) and source["root"].strip():
        if not within((config_path.parent / source["root"]).resolve(), workspace):
            return True
    return False


def judge(case, scratch):
    workspace = (scratch / "deep" / "er" / "ws").resolve()
    workspace.mkdir(parents=True)
    write_tree(case["files"], workspace)
    write_bytes(case.get("bytes", {}), workspace)
    config_path = workspace / case["config"]
    verdict = {}
    try:
        config = quiet(lc.validate_config_file, config_path)
    except BaseException as error:  # noqa: BLE001
        return {"client": refused("validate", error), "shipped": refused("validate", error)}
    if local_dirs_leave(config_path, config, workspace):
        outside = {"accepted": False, "stage": "layout", "category": "outside-workspace"}
        return {"client": outside, "shipped": outside}
    # The client's own archive.
    try:
        with quiet(create_archive, config_path, copy.deepcopy(config)) as (archive, _size, config_rel):
            extract(archive, scratch / "client")
            verdict["client"] = build(scratch / "client", config_rel)
    except BaseException as error:  # noqa: BLE001
        verdict["client"] = refused("archive", error)
    # The action's layout.
    try:
        dirs = action_layout(config_path, copy.deepcopy(config), workspace)
        common = pack(dirs, scratch / "shipped.tar")
        extract(scratch / "shipped.tar", scratch / "shipped")
        verdict["shipped"] = build(scratch / "shipped", str(config_path.relative_to(common)).replace(os.sep, "/"))
    except BaseException as error:  # noqa: BLE001
        verdict["shipped"] = refused("archive", error)
    return verdict


def main():
    out_dir = pathlib.Path(sys.argv[1])
    mirrors = json.loads(sys.argv[2])
    commit = sys.argv[3]
    cases = config_corpus.all_cases(mirrors)
    groups = {}
    for case in cases:
        scratch = pathlib.Path(tempfile.mkdtemp(prefix="client-verdict-"))
        try:
            case["verdict"] = judge(case, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        groups.setdefault(case["name"].split("/")[0], []).append(case)
    out_dir.mkdir(parents=True, exist_ok=True)
    for group, items in groups.items():
        (out_dir / f"{group}.json").write_text(json.dumps({"client": f"langchain-ai/langgraph@{commit} libs/cli", "cases": items}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    accepted = sum(1 for c in cases if c["verdict"]["shipped"]["accepted"])
    print(f"{len(cases)} cases: {accepted} accepted, {len(cases) - accepted} refused or failing the build")


if __name__ == "__main__":
    main()
