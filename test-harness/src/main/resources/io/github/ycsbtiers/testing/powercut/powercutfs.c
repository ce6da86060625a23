/*
 * powercutfs: a FUSE file system for power-loss tests, in the spirit of Jepsen's LazyFS.
 *
 *   powercutfs <backing-dir> <mount-point> [fuse options]
 *
 * File contents and sizes written through the mount stay in this process's memory (a page cache
 * of dirty 4 KiB pages per file) until the file is fsync'ed (fsync, fdatasync, msync(MS_SYNC) of a
 * shared mapping, O_SYNC/O_DSYNC writes: the kernel turns each of them into FUSE_FSYNC after it
 * has written the file's dirty pages to us); only then are they written to the backing directory.
 * A power cut is SIGKILL of this process: every byte not yet synced is gone, and a new mount of
 * the same backing directory shows exactly what was synced.
 *
 * Metadata (create, mkdir, unlink, rename, chmod, symlink) goes to the backing directory at once,
 * as in LazyFS: the model loses unsynced data, never a file or a name. close() is not a sync, and
 * neither is sync_file_range(2), which FUSE does not pass to the file system.
 *
 * Single-threaded (-s): the tables below need no locks. Two virtual files, not listed:
 * /.powercutfs-stats reads as counters (writes, written bytes, fsyncs, bytes persisted), and
 * writing "cut <seed> <permille>" to /.powercutfs-ctl cuts the power after a random part of the
 * unsynced pages reached the backing files (see control()).
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE
#include <fuse.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <signal.h>
#include <unistd.h>

#define PAGE 4096
#define BUCKETS 4096
#define STATS_PATH "/.powercutfs-stats"
#define CTL_PATH "/.powercutfs-ctl"
#define STATS_FH 1
#define CTL_FH 2
#define NODE_MAGIC 0x70636673u

struct node {
  uint32_t magic;        /* tells a file handle from the library's directory handle */
  char *path;            /* key in the table; NULL once unlinked or replaced by a rename */
  int fd;                /* the backing file, opened read-write */
  int opens;             /* open handles */
  off_t size;            /* the size the mount shows */
  off_t valid;           /* backing bytes at or past this offset are stale (a shrink not yet synced) */
  off_t backing;         /* the backing file's size */
  unsigned char **pages; /* dirty pages by index, NULL where the backing file is current */
  size_t cap;            /* entries in pages */
  size_t dirty;          /* non-NULL entries in pages */
  struct node *next;     /* bucket chain */
};

static int root_fd = -1;
static struct node *table[BUCKETS];
static unsigned long long st_writes, st_write_bytes, st_fsyncs, st_persisted_bytes, st_truncates;

static const char *rel(const char *path) {
  return path[1] ? path + 1 : ".";
}

static unsigned bucket(const char *path) {
  uint32_t h = 2166136261u;
  for (const unsigned char *p = (const unsigned char *) path; *p; p++) {
    h = (h ^ *p) * 16777619u;
  }
  return h % BUCKETS;
}

static struct node *find(const char *path) {
  for (struct node *n = table[bucket(path)]; n; n = n->next) {
    if (strcmp(n->path, path) == 0) {
      return n;
    }
  }
  return NULL;
}

static void insert(struct node *n) {
  unsigned b = bucket(n->path);
  n->next = table[b];
  table[b] = n;
}

static void unlink_from_table(struct node *n) {
  struct node **p = &table[bucket(n->path)];
  while (*p != n) {
    p = &(*p)->next;
  }
  *p = n->next;
  n->next = NULL;
}

static void free_node(struct node *n) {
  for (size_t i = 0; i < n->cap; i++) {
    free(n->pages[i]);
  }
  free(n->pages);
  close(n->fd);
  free(n->path);
  free(n);
}

/* The name is gone (unlink, rename over it); open handles keep the node until released. */
static void detach(struct node *n) {
  unlink_from_table(n);
  free(n->path);
  n->path = NULL;
  if (n->opens == 0) {
    free_node(n);
  }
}

static int clean(const struct node *n) {
  return n->dirty == 0 && n->valid == n->size && n->backing == n->size;
}

/* The node of a regular file, opening its backing file if needed; NULL with errno set. */
static struct node *get(const char *path) {
  struct node *n = find(path);
  if (n) {
    return n;
  }
  int fd = openat(root_fd, rel(path), O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    return NULL;
  }
  struct stat st;
  int failed = fstat(fd, &st);
  if (failed < 0 || !S_ISREG(st.st_mode)) {
    int e = failed < 0 ? errno : EINVAL;
    close(fd);
    errno = e;
    return NULL;
  }
  n = calloc(1, sizeof *n);
  n->magic = NODE_MAGIC;
  n->path = strdup(path);
  n->fd = fd;
  n->size = n->valid = n->backing = st.st_size;
  insert(n);
  return n;
}

/* Fills len bytes at off from the backing file; zeros past what it validly holds. */
static int load(struct node *n, unsigned char *buf, off_t off, size_t len) {
  size_t got = 0;
  if (off < n->valid) {
    size_t want = (size_t) (n->valid - off) < len ? (size_t) (n->valid - off) : len;
    while (got < want) {
      ssize_t r = pread(n->fd, buf + got, want - got, off + got);
      if (r < 0) {
        return -errno;
      }
      if (r == 0) {
        break;
      }
      got += r;
    }
  }
  memset(buf + got, 0, len - got);
  return 0;
}

static int reserve(struct node *n, size_t index) {
  if (index < n->cap) {
    return 0;
  }
  size_t cap = n->cap ? n->cap : 16;
  while (cap <= index) {
    cap *= 2;
  }
  unsigned char **pages = realloc(n->pages, cap * sizeof *pages);
  if (!pages) {
    return -ENOMEM;
  }
  memset(pages + n->cap, 0, (cap - n->cap) * sizeof *pages);
  n->pages = pages;
  n->cap = cap;
  return 0;
}

static unsigned char *dirty_page(struct node *n, size_t index, int *err) {
  if ((*err = reserve(n, index)) != 0) {
    return NULL;
  }
  if (!n->pages[index]) {
    unsigned char *p = malloc(PAGE);
    if (!p) {
      *err = -ENOMEM;
      return NULL;
    }
    if ((*err = load(n, p, (off_t) index * PAGE, PAGE)) != 0) {
      free(p);
      return NULL;
    }
    n->pages[index] = p;
    n->dirty++;
  }
  return n->pages[index];
}

static int resize(struct node *n, off_t size) {
  st_truncates++;
  if (size < n->size) {
    for (size_t i = (size + PAGE - 1) / PAGE; i < n->cap; i++) {
      if (n->pages[i]) {
        free(n->pages[i]);
        n->pages[i] = NULL;
        n->dirty--;
      }
    }
    if (size % PAGE) {
      int err;
      unsigned char *p = dirty_page(n, size / PAGE, &err);
      if (!p) {
        return err;
      }
      memset(p + size % PAGE, 0, PAGE - size % PAGE);
    }
    if (size < n->valid) {
      n->valid = size;
    }
  }
  n->size = size;
  return 0;
}

/* fsync: the file's dirty pages and size go to the backing file. */
static int persist(struct node *n) {
  st_fsyncs++;
  if (n->valid < n->backing) {
    if (ftruncate(n->fd, n->valid) < 0) {
      return -errno;
    }
    n->backing = n->valid;
  }
  struct iovec iov[IOV_MAX];
  size_t i = 0;
  while (i < n->cap) {
    if (!n->pages[i]) {
      i++;
      continue;
    }
    size_t first = i;
    int count = 0;
    size_t bytes = 0;
    while (i < n->cap && n->pages[i] && count < IOV_MAX) {
      off_t end = (off_t) (i + 1) * PAGE;
      size_t len = end <= n->size ? PAGE : (size_t) (n->size - (off_t) i * PAGE);
      iov[count].iov_base = n->pages[i];
      iov[count].iov_len = len;
      bytes += len;
      count++;
      i++;
    }
    size_t done = 0;
    off_t off = (off_t) first * PAGE;
    while (done < bytes) {
      ssize_t w = pwritev(n->fd, iov, count, off + done);
      if (w < 0) {
        return -errno;
      }
      done += w;
      /* a short write: drop what was written from the vector */
      size_t skip = w;
      int k = 0;
      while (k < count && skip >= iov[k].iov_len) {
        skip -= iov[k].iov_len;
        k++;
      }
      memmove(iov, iov + k, (count - k) * sizeof *iov);
      count -= k;
      if (count > 0) {
        iov[0].iov_base = (char *) iov[0].iov_base + skip;
        iov[0].iov_len -= skip;
      }
    }
    st_persisted_bytes += bytes;
    for (size_t j = first; j < i; j++) {
      free(n->pages[j]);
      n->pages[j] = NULL;
      n->dirty--;
    }
    if ((off_t) (first * PAGE + bytes) > n->backing) {
      n->backing = first * PAGE + bytes;
    }
  }
  if (n->backing != n->size) {
    if (ftruncate(n->fd, n->size) < 0) {
      return -errno;
    }
    n->backing = n->size;
  }
  n->valid = n->size;
  return 0;
}

static int stats_text(char *buf, size_t len) {
  return snprintf(buf, len, "writes %llu\nwrite_bytes %llu\nfsyncs %llu\npersisted_bytes %llu\ntruncates %llu\n",
                  st_writes, st_write_bytes, st_fsyncs, st_persisted_bytes, st_truncates);
}

/* The node of an open file handle, or of the path; NULL for a directory or a file not cached. */
static struct node *node_of(const char *path, struct fuse_file_info *fi) {
  if (fi && fi->fh > CTL_FH && ((struct node *) (uintptr_t) fi->fh)->magic == NODE_MAGIC) {
    return (struct node *) (uintptr_t) fi->fh;
  }
  return path ? find(path) : NULL;
}

static void *pc_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
  (void) conn;
  cfg->hard_remove = 1;   /* unlink really unlinks; open handles keep their node */
  cfg->nullpath_ok = 1;
  cfg->use_ino = 0;
  cfg->direct_io = 0;     /* the kernel page cache stays on: shared writable mmap needs it */
  return NULL;
}

static int pc_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
  if (path && (strcmp(path, STATS_PATH) == 0 || strcmp(path, CTL_PATH) == 0)) {
    memset(st, 0, sizeof *st);
    st->st_mode = S_IFREG | (strcmp(path, STATS_PATH) == 0 ? 0444 : 0200);
    st->st_nlink = 1;
    st->st_size = 4096;
    return 0;
  }
  struct node *n = node_of(path, fi);
  if (!n && !path) {
    return -ENOENT;
  }
  int r = n ? fstat(n->fd, st) : fstatat(root_fd, rel(path), st, AT_SYMLINK_NOFOLLOW);
  if (r < 0) {
    return -errno;
  }
  if (n) {
    st->st_size = n->size;
    st->st_blocks = (n->size + 511) / 512;
  }
  return 0;
}

static int pc_opendir(const char *path, struct fuse_file_info *fi) {
  int fd = openat(root_fd, rel(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    return -errno;
  }
  DIR *d = fdopendir(fd);
  if (!d) {
    int e = errno;
    close(fd);
    return -e;
  }
  fi->fh = (uint64_t) (uintptr_t) d;
  return 0;
}

static int pc_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
                      struct fuse_file_info *fi, enum fuse_readdir_flags flags) {
  (void) path;
  (void) flags;
  DIR *d = (DIR *) (uintptr_t) fi->fh;
  if (off == 0) {
    rewinddir(d);
  }
  /* offsets 0: the library buffers the whole listing */
  for (struct dirent *e; (e = readdir(d)) != NULL; ) {
    if (fill(buf, e->d_name, NULL, 0, 0)) {
      break;
    }
  }
  return 0;
}

static int pc_releasedir(const char *path, struct fuse_file_info *fi) {
  (void) path;
  closedir((DIR *) (uintptr_t) fi->fh);
  return 0;
}

static int pc_mkdir(const char *path, mode_t mode) {
  return mkdirat(root_fd, rel(path), mode) < 0 ? -errno : 0;
}

static int pc_rmdir(const char *path) {
  return unlinkat(root_fd, rel(path), AT_REMOVEDIR) < 0 ? -errno : 0;
}

static int pc_unlink(const char *path) {
  if (unlinkat(root_fd, rel(path), 0) < 0) {
    return -errno;
  }
  struct node *n = find(path);
  if (n) {
    detach(n);
  }
  return 0;
}

static void rekey(struct node *n, char *path) {
  unlink_from_table(n);
  free(n->path);
  n->path = path;
  insert(n);
}

static int pc_rename(const char *from, const char *to, unsigned int flags) {
  if (flags) {
    return -EINVAL;
  }
  if (renameat(root_fd, rel(from), root_fd, rel(to)) < 0) {
    return -errno;
  }
  if (strcmp(from, to) == 0) {
    return 0;
  }
  struct node *replaced = find(to);
  if (replaced) {
    detach(replaced);
  }
  struct node *n = find(from);
  if (n) {
    rekey(n, strdup(to));
  }
  /* the files under a renamed directory */
  size_t fl = strlen(from);
  for (int b = 0; b < BUCKETS; b++) {
    for (struct node *m = table[b], *next; m; m = next) {
      next = m->next;
      if (strncmp(m->path, from, fl) == 0 && m->path[fl] == '/') {
        char *p = malloc(strlen(to) + strlen(m->path + fl) + 1);
        strcpy(p, to);
        strcat(p, m->path + fl);
        rekey(m, p);
      }
    }
  }
  return 0;
}

static int pc_symlink(const char *target, const char *path) {
  return symlinkat(target, root_fd, rel(path)) < 0 ? -errno : 0;
}

static int pc_readlink(const char *path, char *buf, size_t len) {
  ssize_t r = readlinkat(root_fd, rel(path), buf, len - 1);
  if (r < 0) {
    return -errno;
  }
  buf[r] = 0;
  return 0;
}

static int pc_link(const char *from, const char *to) {
  (void) from;
  (void) to;
  return -EPERM; /* one node per name: hard links are not modelled */
}

static int pc_chmod(const char *path, mode_t mode, struct fuse_file_info *fi) {
  struct node *n = node_of(path, fi);
  if (!n && !path) {
    return -ENOENT;
  }
  int r = n ? fchmod(n->fd, mode) : fchmodat(root_fd, rel(path), mode, 0);
  return r < 0 ? -errno : 0;
}

static int pc_chown(const char *path, uid_t uid, gid_t gid, struct fuse_file_info *fi) {
  struct node *n = node_of(path, fi);
  if (!n && !path) {
    return -ENOENT;
  }
  int r = n ? fchown(n->fd, uid, gid) : fchownat(root_fd, rel(path), uid, gid, AT_SYMLINK_NOFOLLOW);
  return r < 0 ? -errno : 0;
}

static int pc_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi) {
  struct node *n = node_of(path, fi);
  if (!n && !path) {
    return -ENOENT;
  }
  int r = n ? futimens(n->fd, tv) : utimensat(root_fd, rel(path), tv, AT_SYMLINK_NOFOLLOW);
  return r < 0 ? -errno : 0;
}

static int pc_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
  if ((fi && fi->fh == CTL_FH) || (path && strcmp(path, CTL_PATH) == 0)) {
    return 0;
  }
  struct node *n = node_of(path, fi);
  if (!n && !path) {
    return -ENOENT;
  }
  if (!n && !(n = get(path))) {
    return -errno;
  }
  return resize(n, size);
}

static int opened(struct node *n, struct fuse_file_info *fi) {
  int err = (fi->flags & O_TRUNC) ? resize(n, 0) : 0;
  if (err) {
    return err;
  }
  n->opens++;
  fi->fh = (uint64_t) (uintptr_t) n;
  fi->keep_cache = 1; /* every change comes through this mount: the kernel's cache stays valid */
  return 0;
}

static int pc_create(const char *path, mode_t mode, struct fuse_file_info *fi) {
  int fd = openat(root_fd, rel(path), O_CREAT | O_RDWR | O_CLOEXEC | (fi->flags & O_EXCL), mode);
  if (fd < 0) {
    return -errno;
  }
  struct node *n = find(path);
  if (n) {
    close(fd);
  } else {
    struct stat st;
    if (fstat(fd, &st) < 0) {
      int e = errno;
      close(fd);
      return -e;
    }
    n = calloc(1, sizeof *n);
    n->magic = NODE_MAGIC;
    n->path = strdup(path);
    n->fd = fd;
    n->size = n->valid = n->backing = st.st_size;
    insert(n);
  }
  return opened(n, fi);
}

static int pc_open(const char *path, struct fuse_file_info *fi) {
  if (strcmp(path, STATS_PATH) == 0 || strcmp(path, CTL_PATH) == 0) {
    fi->fh = strcmp(path, STATS_PATH) == 0 ? STATS_FH : CTL_FH;
    fi->direct_io = 1;
    return 0;
  }
  struct node *n = get(path);
  return n ? opened(n, fi) : -errno;
}

static int pc_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
  (void) path;
  if (fi->fh == STATS_FH) {
    char text[512];
    int len = stats_text(text, sizeof text);
    if (off >= len) {
      return 0;
    }
    size_t n = (size_t) (len - off) < size ? (size_t) (len - off) : size;
    memcpy(buf, text + off, n);
    return (int) n;
  }
  struct node *n = node_of(path, fi);
  if (off >= n->size) {
    return 0;
  }
  if ((off_t) size > n->size - off) {
    size = n->size - off;
  }
  size_t done = 0;
  while (done < size) {
    off_t at = off + done;
    size_t index = at / PAGE;
    size_t in = at % PAGE;
    size_t len = PAGE - in < size - done ? PAGE - in : size - done;
    if (index < n->cap && n->pages[index]) {
      memcpy(buf + done, n->pages[index] + in, len);
    } else {
      int err = load(n, (unsigned char *) buf + done, at, len);
      if (err) {
        return err;
      }
    }
    done += len;
  }
  return (int) size;
}

/*
 * "cut <seed> <permille>": a power cut after an arbitrary part of the unsynced data reached the
 * medium, as the kernel's writeback and a disk's cache may have done before the power went:
 * each dirty page of each file is written to the backing file with probability permille/1000,
 * then the process dies by SIGKILL. A page written past the backing file's end extends it (the
 * pages between read as what the backing file held there, or zeros); truncations not synced stay
 * lost.
 */
static int control(const char *buf, size_t size) {
  char cmd[64];
  size_t len = size < sizeof cmd - 1 ? size : sizeof cmd - 1;
  memcpy(cmd, buf, len);
  cmd[len] = 0;
  unsigned long long seed;
  unsigned permille;
  if (sscanf(cmd, "cut %llu %u", &seed, &permille) != 2 || permille > 1000) {
    return -EINVAL;
  }
  unsigned long long kept = 0, dropped = 0;
  for (int b = 0; b < BUCKETS; b++) {
    for (struct node *n = table[b]; n; n = n->next) {
      for (size_t i = 0; i < n->cap; i++) {
        if (!n->pages[i]) {
          continue;
        }
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        if ((seed >> 33) % 1000 >= permille) {
          dropped++;
          continue;
        }
        off_t at = (off_t) i * PAGE;
        size_t n_bytes = at + PAGE <= n->size ? PAGE : (size_t) (n->size - at);
        if (pwrite(n->fd, n->pages[i], n_bytes, at) < 0) {
          fprintf(stderr, "powercutfs: cut: %s page %zu: %s\n", n->path, i, strerror(errno));
        }
        kept++;
      }
    }
  }
  fprintf(stderr, "powercutfs: cut: %llu unsynced pages reached the backing files, %llu lost\n", kept, dropped);
  fflush(stderr);
  kill(getpid(), SIGKILL);
  return (int) size;
}

static int pc_write(const char *path, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
  if (fi->fh == CTL_FH) {
    return control(buf, size);
  }
  struct node *n = node_of(path, fi);
  if (!n) {
    return -EBADF;
  }
  size_t done = 0;
  while (done < size) {
    off_t at = off + done;
    size_t in = at % PAGE;
    size_t len = PAGE - in < size - done ? PAGE - in : size - done;
    int err;
    unsigned char *p = dirty_page(n, at / PAGE, &err);
    if (!p) {
      return err;
    }
    memcpy(p + in, buf + done, len);
    done += len;
  }
  if (off + (off_t) size > n->size) {
    n->size = off + size;
  }
  st_writes++;
  st_write_bytes += size;
  return (int) size;
}

static int pc_flush(const char *path, struct fuse_file_info *fi) {
  (void) path;
  (void) fi;
  return 0; /* close(2) is not a sync */
}

static int pc_release(const char *path, struct fuse_file_info *fi) {
  (void) path;
  if (fi->fh == STATS_FH || fi->fh == CTL_FH) {
    return 0;
  }
  struct node *n = (struct node *) (uintptr_t) fi->fh;
  n->opens--;
  if (n->opens == 0 && (!n->path || clean(n))) {
    if (n->path) {
      unlink_from_table(n);
    }
    free_node(n);
  }
  return 0;
}

static int pc_fsync(const char *path, int datasync, struct fuse_file_info *fi) {
  (void) datasync;
  struct node *n = node_of(path, fi);
  return n ? persist(n) : 0;
}

static int pc_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi) {
  (void) path;
  (void) datasync;
  (void) fi;
  return 0; /* names are durable at once in this model */
}

static int pc_statfs(const char *path, struct statvfs *st) {
  (void) path;
  return fstatvfs(root_fd, st) < 0 ? -errno : 0;
}

static int pc_access(const char *path, int mask) {
  if (strcmp(path, STATS_PATH) == 0 || strcmp(path, CTL_PATH) == 0) {
    return 0;
  }
  return faccessat(root_fd, rel(path), mask, 0) < 0 ? -errno : 0;
}

static int pc_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi) {
  (void) path;
  (void) mode;
  (void) off;
  (void) len;
  (void) fi;
  return -EOPNOTSUPP;
}

static const struct fuse_operations ops = {
  .init = pc_init,
  .getattr = pc_getattr,
  .opendir = pc_opendir,
  .readdir = pc_readdir,
  .releasedir = pc_releasedir,
  .mkdir = pc_mkdir,
  .rmdir = pc_rmdir,
  .unlink = pc_unlink,
  .rename = pc_rename,
  .symlink = pc_symlink,
  .readlink = pc_readlink,
  .link = pc_link,
  .chmod = pc_chmod,
  .chown = pc_chown,
  .utimens = pc_utimens,
  .truncate = pc_truncate,
  .create = pc_create,
  .open = pc_open,
  .read = pc_read,
  .write = pc_write,
  .flush = pc_flush,
  .release = pc_release,
  .fsync = pc_fsync,
  .fsyncdir = pc_fsyncdir,
  .statfs = pc_statfs,
  .access = pc_access,
  .fallocate = pc_fallocate,
};

int main(int argc, char *argv[]) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s <backing-dir> <mount-point> [fuse options]\n", argv[0]);
    return 2;
  }
  root_fd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (root_fd < 0) {
    perror(argv[1]);
    return 2;
  }
  argv[1] = argv[0];
  return fuse_main(argc - 1, argv + 1, &ops, NULL);
}
