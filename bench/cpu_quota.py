"""A CPU quota for the browser of a benchmark: every process of it in a Linux cgroup of its own,
with a CFS quota (e.g. 25% of one CPU: a single core 4x slower) over a short period (10 ms), so the
slowdown is smooth rather than a stall now and then.

Why not DevTools' throttling (`Emulation.setCPUThrottlingRate`)? It slows only the page's main
thread; Python now runs in a Web Worker, which it does not reach. The quota slows every thread of
every process of the browser together (renderer, worker, network and GPU processes), on one
shared budget: harsher than a phone with several cores for a page that uses two threads, so a
page's time under it is, if anything, pessimistic.

    with CpuQuota(0.25) as quota:
        browser = playwright.chromium.launch(executable_path=quota.wrap("/usr/bin/chromium"))

`wrap` writes a small shell script (in a temporary folder) that puts its own process into the
group and then `exec`s the browser: the browser is in the group from its first instruction, and
its children inherit the group. Nothing else is: the benchmark's own process and its HTTP server
keep the whole machine. cgroup v1's cpu controller (cpu.cfs_period_us, cpu.cfs_quota_us) is used
where it is mounted, else cgroup v2's (cpu.max); either needs root (or a delegated, writable cpu
cgroup). The group is removed on leaving the `with` block, errors included.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import math
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

PERIOD_US = 10_000
MIN_QUOTA_US = 1_000  # the least quota the kernel takes
MOUNTS = Path("/proc/self/mounts")
OWN_CGROUPS = Path("/proc/self/cgroup")
NEEDS = "needs root and a writable cpu cgroup: cgroup v1's cpu controller (e.g. /sys/fs/cgroup/cpu) or cgroup v2 with the cpu controller available (cpu.max)"
_numbers = itertools.count(1)


class QuotaUnavailable(RuntimeError):
    """No cpu cgroup could be made (not root, or no writable cpu controller)."""


def mounted(kind: str, mounts: Path = MOUNTS) -> list[tuple[Path, set[str]]]:
    """The mount points of file systems of type `kind` ("cgroup", "cgroup2") and their options."""
    found = []
    with contextlib.suppress(OSError):
        for line in mounts.read_text().splitlines():
            fields = line.split()
            if len(fields) >= 4 and fields[2] == kind:
                found.append((Path(fields[1].replace("\\040", " ")), set(fields[3].split(","))))
    return found


def own_cgroup(controller: str | None, own: Path = OWN_CGROUPS) -> str:
    """This process's group in the hierarchy of `controller` (cgroup v1), or in the unified one
    (None: cgroup v2); "/" if unknown."""
    with contextlib.suppress(OSError):
        for line in own.read_text().splitlines():
            number, controllers, path = line.split(":", 2)
            if (controller is None and number == "0" and controllers == "") or (controller and controller in controllers.split(",")):
                return path
    return "/"


def parents(version: str, mounts: Path = MOUNTS, own: Path = OWN_CGROUPS) -> list[Path]:
    """Where a group may be made: under this process's own group (v1) and under the hierarchy's
    root. In v2 only the root: a group with processes in it may not hand the cpu controller to
    children (the "no internal processes" rule), the root may."""
    places: list[Path] = []
    if version == "v1":
        for point, options in mounted("cgroup", mounts):
            if "cpu" in options:
                inside = point / own_cgroup("cpu", own).lstrip("/")
                places += [inside, point] if inside != point and inside.is_dir() else [point]
    else:
        places = [point for point, _ in mounted("cgroup2", mounts)]
    return list(dict.fromkeys(places))


class CpuQuota:
    """A cgroup with a CPU quota of `fraction` of one CPU (0.25: 25%, a 4x slower single core;
    above 1, several CPUs), over a CFS period of `period_us` (lengthened where the quota would be
    under the kernel's least, 1 ms)."""

    def __init__(self, fraction: float, period_us: int = PERIOD_US, name: str = "ludothek-bench", mounts: Path = MOUNTS, own: Path = OWN_CGROUPS):
        if not fraction > 0:
            raise ValueError(f"a CPU quota is a fraction of one CPU above 0, not {fraction}")
        self.fraction = fraction
        self.period_us = max(period_us, math.ceil(MIN_QUOTA_US / fraction))
        self.quota_us = max(MIN_QUOTA_US, round(fraction * self.period_us))
        self.name = f"{name}-{os.getpid()}-{next(_numbers)}"
        self.mounts, self.own = mounts, own
        self.version = ""
        self.path: Path | None = None
        self.folder: str | None = None
        self._sigterm = None

    def __enter__(self) -> CpuQuota:
        self.create()
        return self

    def __exit__(self, *exc) -> None:
        self.remove()

    # -- making and removing the group -------------------------------------------------------------

    def create(self) -> None:
        tried = []
        for version in ("v1", "v2"):
            for parent in parents(version, self.mounts, self.own):
                try:
                    self._make(version, parent)
                except OSError as error:
                    tried.append(f"{parent}: {error.strerror or error}")
                    continue
                self.folder = tempfile.mkdtemp(prefix="ludothek-cpu-quota-")
                self._catch_sigterm()
                return
        raise QuotaUnavailable(f"a CPU quota {NEEDS} ({'; '.join(tried) if tried else 'no cpu cgroup is mounted'})")

    def _make(self, version: str, parent: Path) -> None:
        if version == "v2":
            if "cpu" not in (parent / "cgroup.controllers").read_text().split():
                raise OSError(errno.ENOTSUP, "the cpu controller is not available in this cgroup v2 hierarchy")
            if "cpu" not in (parent / "cgroup.subtree_control").read_text().split():
                (parent / "cgroup.subtree_control").write_text("+cpu")
        path = parent / self.name
        path.mkdir()
        try:
            if version == "v1":
                (path / "cpu.cfs_period_us").write_text(str(self.period_us))
                (path / "cpu.cfs_quota_us").write_text(str(self.quota_us))
            else:
                (path / "cpu.max").write_text(f"{self.quota_us} {self.period_us}")
            # Can a process join it? A throwaway shell, as the wrapper will (it leaves on exit).
            joined = subprocess.run(["sh", "-c", f"echo $$ > {shlex.quote(str(path / 'cgroup.procs'))}"], capture_output=True, text=True)
            if joined.returncode:
                raise OSError(errno.EACCES, f"a process cannot join it ({joined.stderr.strip()})")
        except OSError:
            with contextlib.suppress(OSError):
                path.rmdir()
            raise
        self.version, self.path = version, path

    def remove(self, timeout_s: float = 10) -> None:
        """Remove the group once its processes are gone (a closed browser's last processes may take a
        moment to exit: retried until `timeout_s`), and the wrappers' folder."""
        self._release_sigterm()
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
        if self.path is None:
            return
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                self.path.rmdir()
                break
            except FileNotFoundError:
                break
            except OSError as error:
                if error.errno != errno.EBUSY or time.monotonic() > deadline:
                    print(f"cpu_quota: could not remove {self.path} ({error.strerror}; processes in it: {self.processes()})", file=sys.stderr)
                    break
                time.sleep(0.2)
        self.path = None

    def _catch_sigterm(self) -> None:
        """A SIGTERM ends the benchmark through its `finally` blocks (the group is removed)."""
        if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            self._sigterm = signal.signal(signal.SIGTERM, _exit_on_sigterm)

    def _release_sigterm(self) -> None:
        if self._sigterm is not None:
            signal.signal(signal.SIGTERM, self._sigterm)
            self._sigterm = None

    # -- using it ------------------------------------------------------------------------------------

    def wrap(self, executable: str) -> str:
        """A script that joins the group and `exec`s `executable` with its arguments: give it to the
        driver in the browser's place (same process, so the driver's pipes and signals still reach
        the browser)."""
        assert self.path is not None and self.folder is not None, "the group is made on entering the with block"
        script = Path(self.folder) / Path(executable).name
        procs = shlex.quote(str(self.path / "cgroup.procs"))
        script.write_text(
            "#!/bin/sh\n"
            f"# {executable} in the cgroup {self.path} (bench/cpu_quota.py): {self.describe()}\n"
            f'echo $$ > {procs} || {{ echo "cannot join the cgroup {self.path}" >&2; exit 70; }}\n'
            f'exec {shlex.quote(executable)} "$@"\n'
        )
        script.chmod(0o755)
        return str(script)

    def processes(self) -> list[int]:
        """The processes in the group now."""
        if self.path is None:
            return []
        with contextlib.suppress(OSError):
            return [int(pid) for pid in (self.path / "cgroup.procs").read_text().split()]
        return []

    def stat(self) -> dict[str, int]:
        """The group's cpu.stat: "nr_periods" (periods in which it ran), "nr_throttled" (periods
        in which it used up its quota and was held back), in both versions, and the time held back,
        summed over the CPUs ("throttled_time" in ns in v1, "throttled_usec" in v2)."""
        if self.path is None:
            return {}
        found = {}
        with contextlib.suppress(OSError):
            for line in (self.path / "cpu.stat").read_text().splitlines():
                key, _, value = line.partition(" ")
                if value.strip().isdigit():
                    found[key] = int(value)
        return found

    def describe(self) -> str:
        return f"{self.fraction:g} of one CPU ({self.quota_us} us every {self.period_us / 1000:g} ms, cgroup {self.version or '?'})"

    def record(self) -> dict:
        """What a results file keeps of it."""
        return {
            "fraction_of_one_cpu": self.fraction,
            "quota_us": self.quota_us,
            "period_us": self.period_us,
            "cgroup": self.version,
            "path": str(self.path) if self.path else None,
            "cpu_stat": self.stat(),
        }


def _exit_on_sigterm(number, frame):
    raise SystemExit(128 + number)
