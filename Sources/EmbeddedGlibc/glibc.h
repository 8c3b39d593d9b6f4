#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <dirent.h>
#include <locale.h>
#include <pthread.h>
#include <time.h>
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <langinfo.h>
#include <sys/time.h>
#include <sys/resource.h>
#include <signal.h>
#include <stdint.h>
static inline int *parlance_errno_location(void) { return &errno; }
static inline int parlance_open2(const char *p, int f) { return open(p, f); }
static inline int parlance_open3(const char *p, int f, unsigned m) { return open(p, f, m); }
static inline int parlance_fcntl3(int fd, int c, int a) { return fcntl(fd, c, a); }
