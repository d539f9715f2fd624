"""A plan as text for a terminal, or as Markdown for a pull-request comment."""
from __future__ import annotations


def _change_line(change) -> str:
    where = f"{change.file}: {change.key}" if change.key else change.file
    if change.kind == "added":
        return f"+ {where} = {change.new}"
    if change.kind == "removed":
        return f"- {where} (was {change.old})"
    if change.kind == "changed":
        return f"~ {where}: {change.old} -> {change.new}"
    if change.kind == "text changed" and change.old is not None:
        return f"~ {where}: text changed ({change.old} -> {change.new} characters)"
    if change.kind == "text changed":
        return f"~ {where}: text changed (holds a credential)"
    return f"{'+' if change.kind == 'file added' else '-'} {where} ({change.kind})"


def _sections(plan, limit):
    """(title, [lines]) in reading order; refusals first."""
    out = []
    if plan.refusals:
        out.append(("Refused: this change would lose data", [
            f"[{r.name}] {r.reason} {r.fix}" for r in plan.refusals]))
    if plan.immutable:
        lines = []
        for refused in plan.immutable:
            lines.append(refused.line())
            lines.extend(f"    {n}. {step}" for n, step in enumerate(refused.steps, 1))
        out.append(("`helm upgrade` will be refused: Kubernetes does not update these fields", lines))
    if plan.release_from != plan.release_to:
        direction = "downgrade" if plan.downgrade else "upgrade"
        head = [f"Spinnaker {plan.release_from} -> {plan.release_to} ({direction})"]
        if plan.downgrade:
            head.append("a downgrade: the steps below were taken on the way up and are not undone by it")
        out.append(("Release", head))
        if plan.steps:
            out.append(("One-time steps and deprecations", [
                f"{e['release']} {e['kind']}"
                + (f" (removed after {e['removedAfter']})" if e.get("removedAfter") else "")
                + f" [{', '.join(e['services'])}]: {e['what']} (source: {e['source']})" for e in plan.steps]))
        removed = [k for k in plan.keys if k.kind == "no longer read"]
        moved = [k for k in plan.keys if k.kind != "no longer read"]
        if moved:
            out.append(("Halconfig keys whose place or meaning changes", [
                f"{k.path}: {k.before} -> {k.after} (from {k.release})" if not plan.downgrade else
                f"{k.path}: {k.before} -> {k.after} (below {k.release})" for k in moved]))
        if removed:
            out.append(("Features removed (set in this halconfig, no longer read)", [
                f"{k.path}: {'removed in' if not plan.downgrade else 'not read before'} {k.release} "
                f"(was read {k.before})" for k in removed]))
    if plan.touched:
        out.append(("State", plan.touched))
    if plan.access:
        out.append(("RBAC", [f"clouddriver's own cluster (rbac.clouddriver): {plan.access[0]} -> {plan.access[1]}"]))
    lines = []
    for service in plan.services.values():
        if service.rolls:
            lines.append(f"{service.service}: rolls ({'; '.join(service.reasons)})")
            shown = service.changes if limit is None else service.changes[:limit]
            lines.extend("    " + _change_line(c) for c in shown)
            if len(shown) < len(service.changes):
                lines.append(f"    ... and {len(service.changes) - len(shown)} more (--all shows every key)")
            if service.other:
                lines.append(f"    (also changed, outside its pods: {', '.join(service.other)})")
        elif service.other:
            lines.append(f"{service.service}: does not roll; changed outside its pods: {', '.join(service.other)}")
    still = [p.service for p in plan.services.values() if not p.rolls and not p.other]
    if still:
        lines.append("unchanged: " + ", ".join(still))
    out.append(("Services", lines))
    return out


def summary(plan) -> str:
    if plan.refusals:
        return f"plan refused: {len(plan.refusals)} change{'s' if len(plan.refusals) != 1 else ''} would lose data"
    rolling = plan.rolling
    if plan.immutable:
        names = [name for r in plan.immutable for name in r.names]
        return (f"`helm upgrade` will be refused: {len(names)} workload{'s' if len(names) != 1 else ''} change"
                f"{'s' if len(names) == 1 else ''} fields Kubernetes does not update ({', '.join(names)}); "
                "the first section gives the steps")
    if not plan.changed:
        return "no changes: no service rolls"
    head = (f"{len(rolling)} service{'s' if len(rolling) != 1 else ''} roll{'s' if len(rolling) == 1 else ''}: "
            f"{', '.join(p.service for p in rolling)}") if rolling else "no service rolls, but something changes"
    return (head
            + (f"; {len(plan.steps)} one-time step{'s' if len(plan.steps) != 1 else ''}/deprecation"
               f"{'s' if len(plan.steps) != 1 else ''}" if plan.steps else ""))


def text(plan, limit=40) -> str:
    out = []
    for title, lines in _sections(plan, limit):
        out.append(f"== {title}")
        out.extend(lines)
        out.append("")
    out.append(summary(plan))
    return "\n".join(out) + "\n"


def markdown(plan, limit=40) -> str:
    out = ["### spinnaker-renderer plan", "", f"**{summary(plan)}**", ""]
    for title, lines in _sections(plan, limit):
        out.append(f"#### {title}")
        out.append("")
        if title == "Services":
            # A diff block colours + and - lines and the @@ headers; `!` marks a changed value.
            out.append("```diff")
            for line in lines:
                if line.startswith("    "):
                    line = line[4:]
                    out.append("!" + line[1:] if line.startswith("~") else line)
                else:
                    out.append(f"@@ {line} @@" if ": rolls" in line else line)
            out.append("```")
        else:
            # Indented lines (the steps under a refused workload) are its nested list.
            out.extend(f"  {_md(line.strip())}" if line.startswith("    ") else f"- {_md(line)}" for line in lines)
        out.append("")
    return "\n".join(out)


def _md(line: str) -> str:
    # GitHub drops what looks like an HTML tag (`<gate>`) from a comment.
    return line.replace("&", "&amp;").replace("<", "&lt;").replace("|", "\\|")
