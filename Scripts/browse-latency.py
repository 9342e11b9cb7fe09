#!/usr/bin/env python3
"""Usage: Scripts/browse-latency.py DAIRY DATABASE [KEYS]

Key-to-frame latency of `dairy browse` as a person meets it: the binary DAIRY runs in a
pseudo-terminal of 80x24 on DATABASE; after the first page has loaded, KEYS keys (default 1000:
j five times, k five times, over and over, so no key reaches the load-more footer) are sent one
at a time, and each is timed from the write of the key to the read of the end of the frame it
causes (the end of the synchronized update, ESC [ ? 2026 l). Prints a Markdown table row:
keys, min / median / max, p99 in milliseconds.
"""
import fcntl
import os
import pty
import select
import struct
import sys
import termios
import time

FRAME_END = b"\x1b[?2026l"


def read_frame(fd, timeout=5.0):
    """Reads until a frame ends; returns the bytes."""
    data = b""
    deadline = time.perf_counter() + timeout
    while FRAME_END not in data:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise TimeoutError(f"no frame after {timeout} s: {data[-200:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            data += os.read(fd, 65536)
    return data


def drain(fd, quiet=0.3):
    """Reads until nothing comes for `quiet` seconds."""
    while True:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return
        try:
            if not os.read(fd, 65536):
                return
        except OSError:  # the other side closed: the program has ended
            return


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    dairy, database = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.environ["TERM"] = "xterm-256color"
        os.execv(dairy, [dairy, "browse", "--db", database])
    read_frame(fd)
    drain(fd)
    samples = []
    for index in range(count):
        key = b"j" if (index // 5) % 2 == 0 else b"k"
        start = time.perf_counter()
        os.write(fd, key)
        read_frame(fd)
        samples.append((time.perf_counter() - start) * 1000)
    os.write(fd, b"q")
    drain(fd, 0.2)
    os.waitpid(pid, 0)
    samples.sort()
    median = samples[len(samples) // 2]
    p99 = samples[len(samples) * 99 // 100]
    print(f"| {count} | {samples[0]:.3f} / {median:.3f} / {samples[-1]:.3f} | {p99:.3f} |")


if __name__ == "__main__":
    main()
