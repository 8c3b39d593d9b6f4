"""An X server for the toolkits: Xvfb on a free display, for one test module."""
import contextlib
import os
import shutil
import subprocess


@contextlib.contextmanager
def xvfb():
    """Starts Xvfb on a display it picks itself (-displayfd) and yields
    the DISPLAY value; stops it afterwards."""
    if shutil.which("Xvfb") is None:
        raise RuntimeError("Xvfb is not installed (scripts/install-deps.sh installs xvfb)")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait()


def rss_kib():
    """The process's resident set (VmRSS) in KiB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")
