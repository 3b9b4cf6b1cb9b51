"""A CPU quota for the browser of a benchmark: every process of it in a Linux cgroup of its own,
with a CFS quota (e.g. 25% of one CPU: a core 4x slower) over a short period (10 ms), so the
slowdown is smooth rather than a stall now and then. Two modes:

- shared (the default): one group for the whole browser, one budget for all its threads together
  (renderer, Python's worker, network and GPU processes): a single-core phone. Harsh on a page that
  uses two threads (the app: its main thread and Python's Web Worker) beside a page that does
  everything on its main thread (the bare Pyodide page): on one budget the page's threads are
  serialised, where a phone (4-8 cores, each a few times slower than this machine's) runs them side
  by side.
- per thread (`per_thread=True`): EVERY THREAD of the browser gets `fraction` of one CPU of its own
  (each thread as if on its own 4x slower core). This is what DevTools' CPU throttling
  (`Emulation.setCPUThrottlingRate`) does for the page's main thread, generalised to every thread:
  DevTools throttles the main thread alone, so Python in a Web Worker runs at full speed under it.
  cgroup v1 lets single threads (TIDs, through a group's `tasks` file) be moved between groups, and
  a process's threads may sit in different groups: the browser joins a parent group (no quota of its
  own; cpu.shares of one ordinary thread per CPU of this machine, so that the browser's threads,
  when other processes compete for the machine, weigh together as that many threads rather than as
  one), and a poller thread in this process (started on entering the `with` block, stopped on
  leaving) gives every thread of it, every ~20 ms, a child group of its own, `t<tid>`, with the
  quota. A new thread starts in its creator's group (so it shares its creator's quota briefly, until
  the next poll moves it); the browser's first thread waits in its wrapper until it has its own
  group, so no thread of the browser runs unthrottled. A thread that exits leaves an empty group,
  which the poller removes. Limitation: this machine has few CPUs (2: at most 8 threads at 25% each
  at once); when more threads than that are busy together, they contend for the CPUs and each gets
  less than its quota, as it would not on a phone's cores. The record counts, per load, how many
  threads ran and how many were held back by their quota, and how many of them were running in an
  average period (near the CPUs' room, e.g. 8: the threads contended). Per-thread mode needs cgroup
  v1's cpu controller: cgroup v2 moves threads only within a "threaded" subtree (cgroup.type
  threaded), which this does not make; the per-thread mode is refused there.

    with CpuQuota(0.25) as quota:                   # or CpuQuota(0.25, per_thread=True)
        browser = playwright.chromium.launch(executable_path=quota.wrap("/usr/bin/chromium"))

`wrap` writes a small shell script (in a temporary folder) that puts its own process into the
group and then `exec`s the browser: the browser is in the group from its first instruction, and
its children inherit the group. Nothing else is: the benchmark's own process and its HTTP server
keep the whole machine. cgroup v1's cpu controller (cpu.cfs_period_us, cpu.cfs_quota_us) is used
where it is mounted, else cgroup v2's (cpu.max; shared mode only); either needs root (or a
delegated, writable cpu cgroup). The groups are removed on leaving the `with` block, errors
included (and on SIGTERM, which ends the benchmark through its `finally` blocks).
"""

from __future__ import annotations

import contextlib
import dataclasses
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
POLL_S = 0.02  # how often the per-thread mode gives new threads a group of their own
WRAPPER_WAIT_S = 5  # how long a wrapper waits for its thread's group (per-thread mode)
PER_THREAD_NEEDS = (
    "a per-thread CPU quota needs cgroup v1's cpu controller (e.g. /sys/fs/cgroup/cpu) and root: cgroup v2 moves single threads "
    "between groups only within a threaded subtree (cgroup.type threaded), which bench/cpu_quota.py does not make; "
    "the shared quota (without the per-thread option) works on v2"
)
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


@dataclasses.dataclass
class ThreadGroup:
    """A child group of the per-thread mode: one thread (`tid`, of process `pid`) and its quota."""

    serial: int  # unique over the run (a group's name may come back: thread ids are reused)
    tid: int
    pid: int
    path: Path
    comm: str = ""  # the thread's name (/proc/<pid>/task/<tid>/comm), read again once it has set it
    process: str = ""  # its process's kind: Chromium's --type (renderer, gpu-process, utility ...) or the program's name
    named: bool = False
    final: dict[str, int] | None = None  # its cpu.stat when it was removed


def read_stat(path: Path) -> dict[str, int]:
    """A group's cpu.stat as numbers ({} if it cannot be read)."""
    found = {}
    with contextlib.suppress(OSError):
        for line in (path / "cpu.stat").read_text().splitlines():
            key, _, value = line.partition(" ")
            if value.strip().isdigit():
                found[key] = int(value)
    return found


def read_ids(path: Path) -> list[int]:
    """The ids in a group's cgroup.procs or tasks file ([] if it cannot be read)."""
    with contextlib.suppress(OSError):
        return [int(n) for n in path.read_text().split()]
    return []


def summed(stats) -> dict[str, int]:
    total: dict[str, int] = {}
    for stat in stats:
        for key, value in stat.items():
            total[key] = total.get(key, 0) + value
    return total


class CpuQuota:
    """A cgroup with a CPU quota of `fraction` of one CPU (0.25: 25%, a 4x slower core; above 1,
    several CPUs), over a CFS period of `period_us` (lengthened where the quota would be under the
    kernel's least, 1 ms): for the whole browser together, or with `per_thread` for each of its
    threads on its own (cgroup v1 only; see the module's docstring)."""

    def __init__(
        self,
        fraction: float,
        period_us: int = PERIOD_US,
        name: str = "ludothek-bench",
        mounts: Path = MOUNTS,
        own: Path = OWN_CGROUPS,
        per_thread: bool = False,
        poll_s: float = POLL_S,
    ):
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
        # The per-thread mode: the parent group has no quota; it weighs as one ordinary thread per
        # CPU (cpu.shares) against the other processes of the machine.
        self.per_thread = per_thread
        self.poll_s = poll_s
        self.parent_shares = 1024 * (os.cpu_count() or 1)
        self.relative = ""  # the parent group as /proc/<pid>/cgroup names it
        self._lock = threading.Lock()
        self._serials = itertools.count(1)
        self._groups: dict[int, ThreadGroup] = {}  # by thread id: the live threads' groups
        self._gone: list[ThreadGroup] = []  # their thread has exited; the group is yet to be removed
        self._retired: list[ThreadGroup] = []  # removed (their last cpu.stat kept)
        self._processes: set[int] = set()  # the browser's processes the poller knows
        self._verdicts: dict[int, bool] = {}  # each process in /proc: is it in the parent group's tree?
        self._stop = threading.Event()
        self._poller: threading.Thread | None = None
        self.groups_made = 0
        self.polls = 0
        self.poll_seconds = 0.0
        self.poll_cpu_seconds = 0.0  # the poller's own CPU time (this process's, not the browser's)
        self.poll_errors = 0
        self.last_poll_error = ""

    def __enter__(self) -> CpuQuota:
        self.create()
        return self

    def __exit__(self, *exc) -> None:
        self.remove()

    # -- making and removing the group -------------------------------------------------------------

    def create(self) -> None:
        tried = []
        for version in ("v1",) if self.per_thread else ("v1", "v2"):
            for parent in parents(version, self.mounts, self.own):
                try:
                    self._make(version, parent)
                except OSError as error:
                    tried.append(f"{parent}: {error.strerror or error}")
                    continue
                self.folder = tempfile.mkdtemp(prefix="ludothek-cpu-quota-")
                self._catch_sigterm()
                if self.per_thread:
                    self._start_poller()
                return
        if self.per_thread:
            raise QuotaUnavailable(f"{PER_THREAD_NEEDS} ({'; '.join(tried) if tried else 'no cgroup v1 cpu controller is mounted'})")
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
            if self.per_thread:
                (path / "cpu.cfs_quota_us").write_text("-1")
                (path / "cpu.shares").write_text(str(self.parent_shares))
                self._check_threads(path)
            elif version == "v1":
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
        if version == "v1":
            points = [point for point, options in mounted("cgroup", self.mounts) if "cpu" in options and path.is_relative_to(point)]
            self.relative = "/" + str(path.relative_to(max(points, key=lambda point: len(point.parts)))) if points else ""

    def _check_threads(self, path: Path) -> None:
        """Can a thread be moved into a child of the group its process is in? A throwaway shell
        joins the group, then moves its (only) thread into a child group with the quota."""
        child = path / "t-check"
        child.mkdir()
        try:
            self._set_quota(child)
            moved = subprocess.run(
                ["sh", "-c", f"echo $$ > {shlex.quote(str(path / 'cgroup.procs'))} && echo $$ > {shlex.quote(str(child / 'tasks'))}"],
                capture_output=True,
                text=True,
            )
            if moved.returncode:
                raise OSError(errno.EACCES, f"a thread cannot be moved into a group of its own ({moved.stderr.strip()})")
        finally:
            with contextlib.suppress(OSError):
                child.rmdir()

    def _set_quota(self, group: Path) -> None:
        (group / "cpu.cfs_period_us").write_text(str(self.period_us))
        (group / "cpu.cfs_quota_us").write_text(str(self.quota_us))

    def remove(self, timeout_s: float = 10) -> None:
        """Remove the group once its processes are gone (a closed browser's last processes may take a
        moment to exit: retried until `timeout_s`), its threads' groups first (per-thread mode: the
        poller stopped), and the wrappers' folder."""
        self._release_sigterm()
        self._stop_poller()
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
        if self.path is None:
            return
        deadline = time.monotonic() + timeout_s
        while True:
            left = self._remove_children()
            if left:
                if time.monotonic() > deadline:
                    print(f"cpu_quota: could not remove {len(left)} thread groups of {self.path} (processes in them: {self.processes()})", file=sys.stderr)
                    break
                time.sleep(0.2)
                continue
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

    def _remove_children(self) -> list[Path]:
        """Remove every thread group (the poller is stopped); those still with threads in them."""
        if self.path is None:
            return []
        with self._lock:
            self._gone += self._groups.values()
            self._groups = {}
            self._bury()
            left = [group.path for group in self._gone]
        with contextlib.suppress(OSError):
            for child in self.path.iterdir():  # any other (a check's, a group made as the poller stopped)
                if child.is_dir() and child not in left:
                    try:
                        child.rmdir()
                    except OSError as error:
                        if error.errno != errno.ENOENT:
                            left.append(child)
        return left

    def _catch_sigterm(self) -> None:
        """A SIGTERM ends the benchmark through its `finally` blocks (the group is removed)."""
        if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            self._sigterm = signal.signal(signal.SIGTERM, _exit_on_sigterm)

    def _release_sigterm(self) -> None:
        if self._sigterm is not None:
            signal.signal(signal.SIGTERM, self._sigterm)
            self._sigterm = None

    # -- the per-thread mode's poller ----------------------------------------------------------------

    def _start_poller(self) -> None:
        self._stop.clear()
        self._poller = threading.Thread(target=self._run, name=f"cpu-quota-poller {self.name}", daemon=True)
        self._poller.start()

    def _stop_poller(self) -> None:
        if self._poller is not None:
            self._stop.set()
            self._poller.join(timeout=5)
            self._poller = None

    def _run(self) -> None:
        cpu = time.thread_time()
        while not self._stop.is_set():
            started = time.perf_counter()
            try:
                with self._lock:
                    self._poll()
            except Exception as error:  # noqa: BLE001 - the poller goes on: the next poll moves what this one missed; the errors are counted and recorded
                self.poll_errors += 1
                self.last_poll_error = repr(error)
            self.polls += 1
            self.poll_seconds += time.perf_counter() - started
            self.poll_cpu_seconds = time.thread_time() - cpu
            self._stop.wait(self.poll_s)

    def _poll(self) -> None:
        """Give every thread of the browser not yet in a group of its own one. The browser's
        processes: those a wrapper put into the parent group (its cgroup.procs), and any process
        in /proc whose group is in the parent group's tree when it first appears there (a process
        starts in its creator thread's group). Their threads: /proc/<pid>/task."""
        assert self.path is not None
        listing = {int(name) for name in os.listdir("/proc") if name.isdigit()}
        for pid in self._verdicts.keys() - listing:  # gone: its number may come back for another
            del self._verdicts[pid]
        for pid in listing - self._verdicts.keys():
            self._verdicts[pid] = self._ours(pid)
            if self._verdicts[pid]:
                self._processes.add(pid)
        self._processes.update(read_ids(self.path / "cgroup.procs"))
        alive = set()
        for pid in sorted(self._processes):
            try:
                tids = [int(name) for name in os.listdir(f"/proc/{pid}/task")]
            except OSError:
                self._processes.discard(pid)
                continue
            for tid in tids:
                alive.add(tid)
                group = self._groups.get(tid)
                if group is None:
                    self._own(tid, pid)
                elif not group.named:  # a thread names itself just after it starts (a new process execs)
                    group.comm, group.process, group.named = self._comm(pid, tid) or group.comm, self._kind(pid) or group.process, True
        for tid in self._groups.keys() - alive:
            self._gone.append(self._groups.pop(tid))
        self._bury()

    def _ours(self, pid: int) -> bool:
        group = own_cgroup("cpu", Path(f"/proc/{pid}/cgroup"))
        return bool(self.relative) and (group == self.relative or group.startswith(self.relative + "/"))

    @staticmethod
    def _comm(pid: int, tid: int) -> str:
        with contextlib.suppress(OSError):
            return Path(f"/proc/{pid}/task/{tid}/comm").read_text().strip()
        return ""

    @staticmethod
    def _kind(pid: int) -> str:
        """A process's kind from its command line: Chromium's --type (and a utility's sub-type, e.g.
        network.mojom.NetworkService); else its program's name (Chromium's browser process, Firefox's
        processes, with -contentproc for a content process, WebKit's). (Chromium's child processes
        retitle themselves: their /proc/<pid>/cmdline is then one line with spaces, not NULs.)"""
        with contextlib.suppress(OSError):
            words = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").replace("\0", " ").split()
            kind = next((word.removeprefix("--type=") for word in words if word.startswith("--type=")), "")
            sub = next((word.removeprefix("--utility-sub-type=") for word in words if word.startswith("--utility-sub-type=")), "")
            if not kind and words:
                kind = Path(words[0]).name + (" -contentproc" if "-contentproc" in words else "")
            return f"{kind} {sub}".strip()
        return ""

    def _own(self, tid: int, pid: int) -> None:
        """A child group with the quota for thread `tid`, and the thread moved into it."""
        assert self.path is not None
        serial = next(self._serials)
        path = self.path / f"t{tid}"
        try:
            path.mkdir()
        except FileExistsError:  # a group of an exited thread with the same number, not yet removed
            path = self.path / f"t{tid}-{serial}"
            path.mkdir()
        try:
            self._set_quota(path)
            fd = os.open(path / "tasks", os.O_WRONLY)
            try:
                os.write(fd, str(tid).encode())
            finally:
                os.close(fd)
        except OSError as error:
            with contextlib.suppress(OSError):
                path.rmdir()
            if error.errno == errno.ESRCH:  # it exited meanwhile
                return
            raise
        self._groups[tid] = ThreadGroup(serial, tid, pid, path, self._comm(pid, tid), self._kind(pid))
        self.groups_made += 1

    def _bury(self) -> None:
        """Remove the groups of exited threads (their last cpu.stat kept); a group whose thread is
        still on its way out (EBUSY) is tried again at the next poll."""
        waiting = []
        for group in self._gone:
            group.final = read_stat(group.path) or group.final
            try:
                group.path.rmdir()
            except FileNotFoundError:
                pass
            except OSError as error:
                if error.errno == errno.EBUSY:
                    waiting.append(group)
                    continue
                raise
            self._retired.append(group)
        self._gone = waiting

    # -- using it ------------------------------------------------------------------------------------

    def wrap(self, executable: str) -> str:
        """A script that joins the group and `exec`s `executable` with its arguments: give it to the
        driver in the browser's place (same process, so the driver's pipes and signals still reach
        the browser). Per thread, it waits until the poller has moved its thread into a group of
        its own (up to WRAPPER_WAIT_S), so that the browser starts under its quota."""
        assert self.path is not None and self.folder is not None, "the group is made on entering the with block"
        script = Path(self.folder) / Path(executable).name
        procs = shlex.quote(str(self.path / "cgroup.procs"))
        wait = ""
        if self.per_thread:
            tasks = shlex.quote(str(self.path / "tasks"))
            wait = (
                "n=0\n"
                f'while grep -qx "$$" {tasks}; do\n'
                "  n=$((n + 1))\n"
                f'  if [ "$n" -gt {round(WRAPPER_WAIT_S * 100)} ]; then echo "bench/cpu_quota.py: no group of its own for this thread in {self.path} (is the poller running?)" >&2; exit 70; fi\n'
                "  sleep 0.01\n"
                "done\n"
            )
        script.write_text(
            "#!/bin/sh\n"
            f"# {executable} in the cgroup {self.path} (bench/cpu_quota.py): {self.describe()}\n"
            f'echo $$ > {procs} || {{ echo "cannot join the cgroup {self.path}" >&2; exit 70; }}\n'
            f"{wait}"
            f'exec {shlex.quote(executable)} "$@"\n'
        )
        script.chmod(0o755)
        return str(script)

    def processes(self) -> list[int]:
        """The processes in the group now (per thread: in it or in its threads' groups)."""
        if self.path is None:
            return []
        if not self.per_thread:
            return read_ids(self.path / "cgroup.procs")
        found = set(read_ids(self.path / "cgroup.procs"))
        with contextlib.suppress(OSError):
            for child in self.path.iterdir():
                if child.is_dir():
                    found.update(read_ids(child / "cgroup.procs"))
        return sorted(found)

    def snapshot(self) -> dict:
        """Every group's cpu.stat now, by group ("groups": {serial: cpu.stat}; the shared group is
        0; an exited thread's group keeps its last), and the moment ("at", monotonic): two of them
        make an `activity`."""
        at = time.monotonic()
        if not self.per_thread:
            return {"at": at, "groups": {0: self.stat()}}
        with self._lock:
            groups = {group.serial: group.final or {} for group in self._retired}
            for group in [*self._gone, *self._groups.values()]:
                groups[group.serial] = read_stat(group.path) or group.final or {}
            kinds: dict[int, str] = {}
            for group in self._groups.values():  # names and kinds as they are now (a process execs, retitles itself)
                group.comm = self._comm(group.pid, group.tid) or group.comm
                group.process = kinds.setdefault(group.pid, self._kind(group.pid)) or group.process
        return {"at": at, "groups": groups}

    def activity(self, before: dict, after: dict) -> dict:
        """Between two snapshots: "throttled_share", the share of the quota's periods (per thread:
        the threads' periods, summed) in which the quota was used up and held the browser (the
        thread) back (near 1: slowed all along). Per thread also "threads_ran" (the threads whose
        quota timer ran: they ran), "threads_held_back" (those held back by their quota at least
        once), and "threads_running_mean" and "threads_held_back_mean", how many threads were in
        each in an average period (the periods the threads ran in, summed, over the elapsed ones;
        the quota's timer counts one idle period after each burst): this machine has room for
        os.cpu_count() / fraction threads at their quota at once (2 CPUs, 0.25: 8)."""
        periods = throttled = ran = held = 0
        for serial, stat in after["groups"].items():
            earlier = before["groups"].get(serial, {})
            more_periods = max(0, stat.get("nr_periods", 0) - earlier.get("nr_periods", 0))
            more_throttled = max(0, stat.get("nr_throttled", 0) - earlier.get("nr_throttled", 0))
            periods += more_periods
            throttled += more_throttled
            ran += more_periods > 0
            held += more_throttled > 0
        found: dict = {"throttled_share": round(throttled / periods, 3) if periods else None}
        if self.per_thread:
            elapsed = (after["at"] - before["at"]) * 1e6 / self.period_us
            found |= {
                "threads_ran": ran,
                "threads_held_back": held,
                "threads_running_mean": round(periods / elapsed, 2) if elapsed else None,
                "threads_held_back_mean": round(throttled / elapsed, 2) if elapsed else None,
            }
        return found

    def stat(self) -> dict[str, int]:
        """The group's cpu.stat (per thread: its threads' groups', summed, the exited threads'
        included): "nr_periods" (periods in which it ran), "nr_throttled" (periods in which it used
        up its quota and was held back), in both versions, and the time held back, summed over the
        CPUs ("throttled_time" in ns in v1, "throttled_usec" in v2)."""
        if self.path is None:
            return {}
        if not self.per_thread:
            return read_stat(self.path)
        return summed(self.snapshot()["groups"].values())

    def busiest(self, count: int = 10) -> list[dict]:
        """The threads held back most (per-thread mode): name, process kind, ids, periods run and
        held back, the time held back (summed over the CPUs)."""
        snapshot = self.snapshot()["groups"]
        with self._lock:
            groups = [*self._retired, *self._gone, *self._groups.values()]
        rows = []
        for group in groups:
            stat = snapshot.get(group.serial, {})
            rows.append(
                {
                    "thread": group.comm,
                    "process": group.process,
                    "tid": group.tid,
                    "pid": group.pid,
                    "alive": group.final is None,
                    "nr_periods": stat.get("nr_periods", 0),
                    "nr_throttled": stat.get("nr_throttled", 0),
                    "throttled_ms": round(stat.get("throttled_time", 0) / 1e6),
                }
            )
        rows.sort(key=lambda row: (row["nr_throttled"], row["nr_periods"]), reverse=True)
        return rows[:count]

    def describe(self) -> str:
        if self.per_thread:
            return f"{self.fraction:g} of one CPU for each thread ({self.quota_us} us every {self.period_us / 1000:g} ms, a cgroup {self.version or '?'} per thread)"
        return f"{self.fraction:g} of one CPU ({self.quota_us} us every {self.period_us / 1000:g} ms, cgroup {self.version or '?'})"

    def record(self) -> dict:
        """What a results file keeps of it."""
        found = {
            "fraction_of_one_cpu": self.fraction,
            "quota_us": self.quota_us,
            "period_us": self.period_us,
            "mode": "per thread" if self.per_thread else "shared",
            "per_thread": self.per_thread,
            "cgroup": self.version,
            "path": str(self.path) if self.path else None,
            "cpu_stat": self.stat(),
        }
        if self.per_thread:
            with self._lock:
                now = len(self._groups) + len(self._gone)
            found |= {
                "parent": {"cfs_quota_us": -1, "cpu_shares": self.parent_shares},
                "cpus": os.cpu_count(),
                "threads_at_quota_at_once": math.floor((os.cpu_count() or 1) / self.fraction),
                "thread_groups_made": self.groups_made,
                "thread_groups_now": now,
                "poll_ms": self.poll_s * 1000,
                "polls": self.polls,
                "poll_mean_ms": round(self.poll_seconds / self.polls * 1000, 3) if self.polls else None,
                "poll_cpu_mean_ms": round(self.poll_cpu_seconds / self.polls * 1000, 3) if self.polls else None,
                "poll_errors": self.poll_errors,
                "last_poll_error": self.last_poll_error or None,
                "busiest_threads": self.busiest(),
            }
        return found


def _exit_on_sigterm(number, frame):
    raise SystemExit(128 + number)
