"""One thread that owns a speech engine.

Speech engines are not made to be shared between threads: pyttsx3's
``runAndWait`` blocks and its engine must be used where it was created;
SAPI5 and JAWS are COM objects that live in the apartment of the thread that
made them; a speech-dispatcher client can hang on a stuck daemon. So each
engine gets one worker thread which creates it, does every call on it in
order, and tears it down. The game's thread only posts jobs and never waits
for the engine, except for a bounded time at start and at the end (``drain``).

A worker given an ``answer_limit`` also keeps watch: when one call into the
engine takes longer than that, the engine counts as hung *at once* (not at
the next utterance), and the utterance in hand is reported lost together
with the queued ones, so the speaker says them through the next backend.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TypeVar

from accessible_dice import threads
from accessible_dice.speech.backend import BackendUnavailable, FailureHandler
from accessible_dice.utterance import Utterance

log = logging.getLogger("accessible_dice.speech")

T = TypeVar("T")


@dataclass(frozen=True)
class Job:
    """Work for the engine thread; ``utterance`` is what is lost if it fails."""

    run: Callable[[], None]
    utterance: Utterance | None = None


class WorkerClosed(RuntimeError):
    """The engine thread has stopped; nothing more can be posted to it."""


class Worker:
    """Runs ``setup``, then posted jobs one by one, then ``teardown``, all on one thread."""

    def __init__(
        self,
        name: str,
        setup: Callable[[], None],
        teardown: Callable[[], None],
        on_failure: FailureHandler,
        answer_limit: float | None = None,
    ) -> None:
        """``answer_limit``: seconds a job may run before it is clocked off by :meth:`answered`."""
        self._setup = setup
        self._teardown = teardown
        self._on_failure = on_failure
        self._jobs: deque[Job] = deque()
        self._cond = threading.Condition()
        self._ready = threading.Event()
        self._setup_error: BaseException | None = None
        self._closing = False
        self._job_started: float | None = None
        #: The job running now (its utterance is what a hang loses).
        self._running: Job | None = None
        self._answer_limit = answer_limit
        #: Set when a call hung: the thread is stuck in the engine and is not waited for.
        self.hung = False
        # A daemon thread: an engine stuck in a system call must never keep the game from exiting.
        self._thread = threading.Thread(target=self._main, name=name, daemon=True)

    def start(self, limit: float) -> None:
        """Start the thread and wait at most ``limit`` seconds for ``setup`` to finish."""
        threads.start(self._thread)
        if not self._ready.wait(limit):
            with self._cond:
                self._closing = True
            raise BackendUnavailable(f"no answer within {limit:g} s")
        if self._setup_error is not None:
            raise BackendUnavailable(str(self._setup_error) or type(self._setup_error).__name__)
        if self._answer_limit is not None:
            threads.start(threading.Thread(target=self._watch, name=f"{self._thread.name}-watch", daemon=True))

    def post(self, job: Job) -> None:
        """Queue a job behind the others."""
        with self._cond:
            if self._closing:
                raise WorkerClosed(self._thread.name)
            self._jobs.append(job)
            self._cond.notify_all()

    def clear(self) -> list[Job]:
        """Drop the utterances not started yet (the one running goes on).

        Jobs that say nothing stay, in order: a change of voice settings
        posted just before an interrupting answer is what that answer is to
        be spoken with, and a question (:meth:`call`) waits for its answer.
        """
        with self._cond:
            dropped = [job for job in self._jobs if job.utterance is not None]
            kept = [job for job in self._jobs if job.utterance is None]
            self._jobs.clear()
            self._jobs.extend(kept)
            self._cond.notify_all()
            return dropped

    def take_queued(self) -> list[Utterance]:
        """Take the utterances queued next, up to the first job that is not one (or that interrupts)."""
        taken: list[Utterance] = []
        with self._cond:
            while self._jobs:
                utterance = self._jobs[0].utterance
                if utterance is None or utterance.interrupt:
                    break
                taken.append(utterance)
                self._jobs.popleft()
            self._cond.notify_all()
        return taken

    def call(self, fn: Callable[[], T], limit: float) -> T:
        """Run ``fn`` on the engine thread (after the jobs queued before it) and answer its result."""
        future: Future[T] = Future()

        def run() -> None:
            try:
                future.set_result(fn())
            except Exception as error:  # handed to the caller, not lost
                future.set_exception(error)

        self.post(Job(run))
        return future.result(timeout=limit)

    def busy_for(self) -> float:
        """How long the running job has been in the engine; 0 when idle or :meth:`answered`."""
        started = self._job_started
        return 0.0 if started is None else time.monotonic() - started

    def answered(self) -> None:
        """Called by a job once the engine has answered: what follows (playing, pacing) is not a hang."""
        self._job_started = None

    def drain(self, limit: float) -> bool:
        """Wait at most ``limit`` seconds until every job posted so far has run; ``True`` if they all did."""
        deadline = time.monotonic() + limit
        with self._cond:
            while (self._jobs or self._running is not None) and not self._closing:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
            return not self._jobs and self._running is None

    def close(self) -> list[Utterance]:
        """Stop taking jobs and let the thread tear the engine down; answer the unsaid utterances."""
        with self._cond:
            self._closing = True
            unsaid = [job.utterance for job in self._jobs if job.utterance is not None]
            self._jobs.clear()
            self._cond.notify_all()
        return unsaid

    def join(self, limit: float = 1.0) -> None:
        """Wait a little for the teardown (a speech-dispatcher client should close cleanly); not for a hung engine."""
        if self._thread.is_alive() and threading.current_thread() is not self._thread and not self.hung:
            self._thread.join(limit)

    def _watch(self) -> None:
        """Fail the engine as soon as one call has taken longer than the answer limit."""
        assert self._answer_limit is not None
        step = min(0.05, self._answer_limit / 4)
        while True:
            time.sleep(step)
            with self._cond:
                if self._closing:
                    return
                if self.busy_for() <= self._answer_limit:
                    continue
                self.hung = self._closing = True
                lost = [j.utterance for j in (self._running, *self._jobs) if j is not None and j.utterance is not None]
                self._jobs.clear()
                self._cond.notify_all()
            self._on_failure(lost, TimeoutError(f"no answer within {self._answer_limit:g} s"))
            return

    def _main(self) -> None:
        com = _ComApartment()
        try:
            com.enter()
            self._setup()
        except BaseException as error:  # reported to start(), which raises
            self._setup_error = error
            self._ready.set()
            com.leave()
            return
        self._ready.set()
        try:
            self._run_jobs()
        finally:
            try:
                self._teardown()
            except Exception:  # closing must never fail the game
                log.exception("closing %s failed", self._thread.name)
            com.leave()

    def _run_jobs(self) -> None:
        while True:
            with self._cond:
                while not self._jobs and not self._closing:
                    self._cond.wait()
                if self._closing:
                    return
                job = self._jobs.popleft()
                self._running = job
                self._job_started = time.monotonic()
            try:
                job.run()
            except Exception as error:  # the speaker falls back to the next backend
                with self._cond:
                    if self.hung:  # the watchdog has already reported it
                        return
                    self._closing = True
                    lost = [j.utterance for j in (job, *self._jobs) if j.utterance is not None]
                    self._jobs.clear()
                    self._running = None
                    self._cond.notify_all()
                self._on_failure(lost, error)
                return
            finally:
                self._job_started = None
            with self._cond:
                self._running = None
                self._cond.notify_all()
                if self.hung:  # came back after the watchdog gave up on it: its work was handed over
                    return


class _ComApartment:
    """COM for this thread on Windows: SAPI5 and JAWS are COM objects and need it."""

    def __init__(self) -> None:
        self._entered = False

    def enter(self) -> None:
        if sys.platform == "win32":
            import pythoncom  # pywin32: a dependency of pyttsx3 and accessible_output2 on Windows

            pythoncom.CoInitialize()
            self._entered = True

    def leave(self) -> None:
        if self._entered:
            import pythoncom

            pythoncom.CoUninitialize()
            self._entered = False
