#!/usr/bin/python3
"""A terminal for tests: runs a program on a pseudo-terminal of its own (its controlling
terminal, in the foreground, as a shell would start it) and shows what it draws through pyte,
a terminal emulator (Debian's python3-pyte).

Commands, one JSON object a line on standard input; one JSON reply a line on standard output:
  {"cmd": "start", "argv": [...], "env": {...}, "columns": 80, "rows": 24}
      -> {"pid": N, "stty": "<stty -a of the terminal before>"}
  {"cmd": "wait", "text": "...", "timeout": 30}   every text in "all" too (a list)
      -> {"found": true|false, "screen": [lines]}
  {"cmd": "screen"}                              -> {"screen": [lines]}
  {"cmd": "resize", "columns": C, "rows": R}     (TIOCSWINSZ: the kernel sends SIGWINCH)
  {"cmd": "stty"}                                -> {"stty": "<stty -a now>"}
  {"cmd": "keys", "data": "q"}                   typed on the terminal
  {"cmd": "signal", "name": "SIGINT"}            sent to the program
  {"cmd": "exit", "timeout": 30}
      -> {"status": N or null, "stty": "<stty -a after>", "tail": "<last output bytes>",
          "screen": [lines], "colors": [foreground colours seen], "bytes": total}
A command that fails replies {"error": "<the traceback>"}, and the driver goes on.
"""
import fcntl
import json
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import traceback

import pyte


class Terminal:
    def __init__(self, argv, env, columns, rows):
        self.master, self.slave = os.openpty()
        self.set_size(columns, rows)
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.colors = set()
        self.before = self.stty()

        def child_setup():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            argv, stdin=self.slave, stdout=self.slave, stderr=self.slave, env=env,
            preexec_fn=child_setup, close_fds=True)

    def set_size(self, columns, rows):
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def stty(self):
        return subprocess.run(
            ["stty", "-a"], stdin=self.slave, capture_output=True, text=True).stdout

    def pump(self, seconds):
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            ready, _, _ = select.select([self.master], [], [], max(0, left))
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                if data:
                    self.raw += data
                    self.stream.feed(data)
                    continue
            if left <= 0:
                return

    def lines(self):
        for row in self.screen.buffer.values():
            for char in row.values():
                if char.fg != "default":
                    self.colors.add(char.fg)
        return list(self.screen.display)

    def resize(self, columns, rows):
        self.screen.resize(rows, columns)
        self.set_size(columns, rows)


def main():
    terminal = None
    for line in sys.stdin:
        try:
            request = json.loads(line)
            terminal, reply = run(terminal, request)
        except Exception:  # the test says what failed, and the driver stays to clean up
            reply = {"error": traceback.format_exc()}
        print(json.dumps(reply), flush=True)


def run(terminal, request):
    """Carries out one request: the terminal (new after "start") and the reply."""
    command = request["cmd"]
    reply = {}
    if command == "start":
        env = dict(request.get("env", {}))
        terminal = Terminal(
            request["argv"], env, request.get("columns", 80), request.get("rows", 24))
        reply = {"pid": terminal.process.pid, "stty": terminal.before}
    elif command == "wait":
        wanted = request.get("all") or [request["text"]]
        deadline = time.monotonic() + request.get("timeout", 30)
        found = False
        while time.monotonic() < deadline:
            terminal.pump(0.05)
            text = "\n".join(terminal.lines())
            if all(item in text for item in wanted):
                found = True
                break
            if terminal.process.poll() is not None:
                terminal.pump(0.2)
                text = "\n".join(terminal.lines())
                found = all(item in text for item in wanted)
                break
        reply = {"found": found, "screen": terminal.lines()}
    elif command == "screen":
        terminal.pump(request.get("settle", 0.3))
        reply = {"screen": terminal.lines()}
    elif command == "resize":
        terminal.resize(request["columns"], request["rows"])
    elif command == "stty":
        reply = {"stty": terminal.stty()}
    elif command == "keys":
        os.write(terminal.master, request["data"].encode())
    elif command == "signal":
        # poll() reaps an ended program: its pid is never signalled after that (another
        # process may have it). Not yet reaped, an ended program is a zombie, and a signal to
        # it does nothing.
        if terminal.process.poll() is None:
            os.kill(terminal.process.pid, getattr(signal, request["name"]))
        elif not request.get("ifRunning"):
            terminal.pump(0.2)
            raise RuntimeError(
                f"the program had ended (status {terminal.process.returncode}); its screen: "
                + " / ".join(line.rstrip() for line in terminal.lines() if line.strip()))
    elif command == "exit":
        deadline = time.monotonic() + request.get("timeout", 30)
        status = None
        while time.monotonic() < deadline:
            terminal.pump(0.05)
            status = terminal.process.poll()
            if status is not None:
                break
        terminal.pump(0.2)
        if status is None:
            terminal.process.kill()
        reply = {
            "status": status, "stty": terminal.stty(),
            "tail": terminal.raw[-200:].decode("utf-8", "replace"),
            "screen": terminal.lines(), "colors": sorted(terminal.colors),
            "bytes": len(terminal.raw), "raw": terminal.raw.decode("utf-8", "replace"),
        }
    return terminal, reply


if __name__ == "__main__":
    main()
