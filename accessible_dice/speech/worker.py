"""One thread that owns a speech engine.

Speech engines are not made to be shared between threads: pyttsx3's
``runAndWait`` blocks and its engine must be used where it was created;
SAPI5 and JAWS are COM objects that live in the apartment of the thread that
made them; a speech-dispatcher client can hang on a stuck daemon. So each
engine gets one worker thread which creates it, does every call on it in
order, and tears it down. The game's thread only posts jobs and never waits
for the engine, except for a bounded time at start.
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
    ) -> None:
        self._setup = setup
        self._teardown = teardown
        self._on_failure = on_failure
        self._jobs: deque[Job] = deque()
        self._cond = threading.Condition()
        self._ready = threading.Event()
        self._setup_error: BaseException | None = None
        self._closing = False
        self._job_started: float | None = None
        # A daemon thread: an engine stuck in a system call must never keep the game from exiting.
        self._thread = threading.Thread(target=self._main, name=name, daemon=True)

    def start(self, limit: float) -> None:
        """Start the thread and wait at most ``limit`` seconds for ``setup`` to finish."""
        self._thread.start()
        if not self._ready.wait(limit):
            with self._cond:
                self._closing = True
            raise BackendUnavailable(f"no answer within {limit:g} s")
        if self._setup_error is not None:
            raise BackendUnavailable(str(self._setup_error) or type(self._setup_error).__name__)

    def post(self, job: Job) -> None:
        """Queue a job behind the others."""
        with self._cond:
            if self._closing:
                raise WorkerClosed(self._thread.name)
            self._jobs.append(job)
            self._cond.notify()

    def clear(self) -> list[Job]:
        """Drop the jobs not started yet (the one running goes on)."""
        with self._cond:
            dropped = list(self._jobs)
            self._jobs.clear()
            return dropped

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
        """How long the running job has been running; 0 when idle."""
        started = self._job_started
        return 0.0 if started is None else time.monotonic() - started

    def close(self) -> list[Utterance]:
        """Stop taking jobs and let the thread tear the engine down; answer the unsaid utterances."""
        with self._cond:
            self._closing = True
            unsaid = [job.utterance for job in self._jobs if job.utterance is not None]
            self._jobs.clear()
            self._cond.notify()
        return unsaid

    def join(self, limit: float = 1.0) -> None:
        """Wait a little for the teardown (a speech-dispatcher client should close cleanly)."""
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(limit)

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
                self._job_started = time.monotonic()
            try:
                job.run()
            except Exception as error:  # the speaker falls back to the next backend
                with self._cond:
                    self._closing = True
                    lost = [j.utterance for j in (job, *self._jobs) if j.utterance is not None]
                    self._jobs.clear()
                self._on_failure(lost, error)
                return
            finally:
                self._job_started = None


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
