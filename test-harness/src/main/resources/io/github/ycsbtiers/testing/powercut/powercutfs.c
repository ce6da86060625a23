/*
 * powercutfs: a FUSE file system for power-loss tests, in the spirit of Jepsen's LazyFS.
 *
 *   powercutfs [--ignore-dirsync] <backing-dir> <mount-point> [fuse options]
 *
 * File contents and sizes written through the mount stay in this process's memory (a page cache
 * of dirty 4 KiB pages per file) until the file is fsync'ed (fsync, fdatasync, msync(MS_SYNC) of a
 * shared mapping, O_SYNC/O_DSYNC writes: the kernel turns each of them into FUSE_FSYNC after it
 * has written the file's dirty pages to us); only then are they written to the backing directory.
 * A power cut is SIGKILL of this process: every byte not yet synced is gone, and a new mount of
 * the same backing directory shows exactly what was synced.
 *
 * Directory entries. A change to a directory's entries (create, mkdir, symlink, unlink, rmdir,
 * rename) is durable only once that directory is fsync'ed (FUSE_FSYNCDIR); a rename between two
 * directories is two changes, each durable with its own directory's sync (a cut may then show the
 * file under both names or under neither). One exception, the promise ext4 keeps for a new file
 * (data=ordered or data=journal: the inode and its entry are made in one journal transaction,
 * and fsync or fdatasync of the new file waits for that transaction's commit): an fsync of a
 * regular file this mount created makes the entry it was created under durable, as long as it
 * still has that name. Nothing else does: not the fsync of a renamed file, not the fsync of a new
 * directory (its own entry needs its parent's sync), and not the unrelated name changes an ext4
 * journal commit carries along. POSIX promises less than this (fsync(2): "an explicit fsync() on
 * a file descriptor for the directory is also needed"). A power cut rolls every directory back to
 * its entries at its last sync: a file created and not synced disappears, a rename not synced is
 * undone, an unlinked file comes back with its synced content. With --ignore-dirsync an fsync of a
 * directory persists nothing (a file system that ignores directory syncs, for mutation tests).
 * close() is not a sync, and neither is sync_file_range(2), which FUSE does not pass to the file
 * system. Hard links are refused, and so is moving a directory to another parent.
 *
 * How: the backing directory holds the live tree (and, hidden, .powercutfs-state). Before the
 * first change to a directory's entries after its last sync, its entries (name, type, backing
 * inode) are saved to .powercutfs-state/snap-<inode>; an unlinked or replaced file or directory
 * is moved to .powercutfs-state/grave instead of being removed, so that its inode and synced
 * content stay. An fsync of the directory drops its snapshot. At mount, if snapshots are left (a
 * cut), the tree is rebuilt from the root: a directory with a snapshot gets the snapshot's
 * entries (hard links to the same backing inodes), one without keeps its entries.
 *
 * Single-threaded (-s): the tables below need no locks. Two virtual files, not listed:
 * /.powercutfs-stats reads as counters (writes, written bytes, fsyncs, bytes persisted, directory
 * syncs, directories with unsynced entries), and writing "cut <seed> <permille> [unit]" to
 * /.powercutfs-ctl cuts the power after a random part of the unsynced pages (or 512-byte sectors)
 * and directories reached the backing directory, "arm <seed> <permille> <n> [unit]" inside the
 * n-th sync from then on (see control()).
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
#define STATE_DIR ".powercutfs-state"
#define GRAVE STATE_DIR "/grave"

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
  int fresh;             /* created by this mount under its path: its fsync makes that entry durable */
  struct node *next;     /* bucket chain */
};

/* A directory's entries at its last sync, saved before the first change since. */
struct entry {
  char type;             /* 'd' directory, 'f' anything else (file, symlink) */
  ino_t ino;             /* the backing inode */
  char *name;
};

struct snap {
  ino_t dir;             /* the backing directory's inode */
  size_t count, cap;
  struct entry *e;
  struct snap *next;
};

static int root_fd = -1;
static ino_t root_ino;
static int ignore_dirsync;
static struct node *table[BUCKETS];
static struct snap *snaps;
static unsigned long long grave_seq;
static unsigned long long st_writes, st_write_bytes, st_fsyncs, st_persisted_bytes, st_truncates, st_dirsyncs;

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

/* The parent directory of a mount path ("/" for a top-level name); free it. */
static char *parent_of(const char *path) {
  char *p = strdup(path);
  char *slash = strrchr(p, '/');
  slash[slash == p ? 1 : 0] = 0;
  return p;
}

static const char *base_of(const char *path) {
  return strrchr(path, '/') + 1;
}

/* Names the mount does not let anyone create, remove or rename. */
static int reserved(const char *path) {
  return strcmp(path, "/" STATE_DIR) == 0 || strcmp(path, STATS_PATH) == 0 || strcmp(path, CTL_PATH) == 0;
}

static char *join(const char *dir, const char *name) {
  if (strcmp(dir, ".") == 0) {
    return strdup(name);
  }
  char *p = malloc(strlen(dir) + strlen(name) + 2);
  sprintf(p, "%s/%s", dir, name);
  return p;
}

static struct snap *snap_find(ino_t dir) {
  for (struct snap *s = snaps; s; s = s->next) {
    if (s->dir == dir) {
      return s;
    }
  }
  return NULL;
}

/* Adds the entry, or gives an existing entry of that name this inode. */
static void snap_put(struct snap *s, char type, ino_t ino, const char *name) {
  for (size_t i = 0; i < s->count; i++) {
    if (strcmp(s->e[i].name, name) == 0) {
      s->e[i].type = type;
      s->e[i].ino = ino;
      return;
    }
  }
  if (s->count == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->e = realloc(s->e, s->cap * sizeof *s->e);
  }
  s->e[s->count++] = (struct entry) {type, ino, strdup(name)};
}

static void snap_free(struct snap *s) {
  for (size_t i = 0; i < s->count; i++) {
    free(s->e[i].name);
  }
  free(s->e);
  free(s);
}

/* Reads the entries of the directory open as fd (closed here) into s. */
static int list_entries(int fd, struct snap *s) {
  DIR *d = fdopendir(fd);
  if (!d) {
    int e = errno;
    close(fd);
    return -e;
  }
  for (struct dirent *e; (e = readdir(d)) != NULL; ) {
    struct stat st;
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0
        || (s->dir == root_ino && strcmp(e->d_name, STATE_DIR) == 0)
        || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
      continue;
    }
    snap_put(s, S_ISDIR(st.st_mode) ? 'd' : 'f', st.st_ino, e->d_name);
  }
  closedir(d);
  return 0;
}

static void snap_file(char *buf, size_t len, ino_t dir) {
  snprintf(buf, len, STATE_DIR "/snap-%llu", (unsigned long long) dir);
}

/* Writes s to its file: per entry "<type> <inode> <name>" and a NUL. */
static int snap_save(const struct snap *s) {
  char name[PATH_MAX], tmp[PATH_MAX + 8];
  snap_file(name, sizeof name, s->dir);
  snprintf(tmp, sizeof tmp, "%s.tmp", name);
  int fd = openat(root_fd, tmp, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0600);
  FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
  if (!f) {
    return -EIO;
  }
  for (size_t i = 0; i < s->count; i++) {
    fprintf(f, "%c %llu %s", s->e[i].type, (unsigned long long) s->e[i].ino, s->e[i].name);
    fputc(0, f);
  }
  if (fclose(f) != 0 || renameat(root_fd, tmp, root_fd, name) < 0) {
    return -EIO;
  }
  return 0;
}

/*
 * Before a change to the entries of the directory at path: saves them (they are what a cut rolls
 * the directory back to), unless they were saved since its last sync.
 */
static int touch_dir(const char *path) {
  int fd = openat(root_fd, rel(path), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) < 0) {
    int e = errno;
    if (fd >= 0) {
      close(fd);
    }
    return -e;
  }
  if (snap_find(st.st_ino)) {
    close(fd);
    return 0;
  }
  struct snap *s = calloc(1, sizeof *s);
  s->dir = st.st_ino;
  int err = list_entries(fd, s);
  if (!err) {
    err = snap_save(s);
  }
  if (err) {
    snap_free(s);
    return err;
  }
  s->next = snaps;
  snaps = s;
  return 0;
}

static int touch_parent(const char *path) {
  char *parent = parent_of(path);
  int err = touch_dir(parent);
  free(parent);
  return err;
}

/* Removes a backing file or directory tree (at is a directory fd). */
static void remove_tree(int at, const char *path) {
  int fd = openat(at, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0) {
    DIR *d = fdopendir(fd);
    for (struct dirent *e; d && (e = readdir(d)) != NULL; ) {
      if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
        remove_tree(dirfd(d), e->d_name);
      }
    }
    if (d) {
      closedir(d);
    } else {
      close(fd);
    }
    unlinkat(at, path, AT_REMOVEDIR);
  } else {
    unlinkat(at, path, 0);
  }
}

/* An fsync of the directory: its entries are durable, its snapshot goes; with none left, the graveyard. */
static void dir_synced(ino_t dir) {
  struct snap **p = &snaps;
  while (*p && (*p)->dir != dir) {
    p = &(*p)->next;
  }
  if (!*p) {
    return;
  }
  struct snap *s = *p;
  *p = s->next;
  char name[PATH_MAX];
  snap_file(name, sizeof name, dir);
  unlinkat(root_fd, name, 0);
  snap_free(s);
  if (!snaps) {
    remove_tree(root_fd, GRAVE);
    mkdirat(root_fd, GRAVE, 0700);
  }
}

/* Instead of removing a name's file or (empty) directory: its inode and synced content stay for a rollback. */
static int bury(const char *path) {
  char name[64];
  snprintf(name, sizeof name, GRAVE "/%llu", ++grave_seq);
  return renameat(root_fd, rel(path), root_fd, name) < 0 ? -errno : 0;
}

/* The fsync of a file this mount created: the entry it was created under is durable (ext4's promise). */
static void created_entry_synced(struct node *n) {
  if (!n->fresh || !n->path) {
    return;
  }
  n->fresh = 0;
  char *parent = parent_of(n->path);
  struct stat pst, st;
  if (fstatat(root_fd, rel(parent), &pst, 0) == 0 && fstat(n->fd, &st) == 0) {
    struct snap *s = snap_find(pst.st_ino);
    if (s) {
      snap_put(s, 'f', st.st_ino, base_of(n->path));
      snap_save(s);
    }
  }
  free(parent);
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

/*
 * Writes each unit (unit bytes: a 4 KiB page, or a 512-byte sector of one) of n's unsynced pages
 * to the backing file with probability permille/1000, drawn from *seed; counts what it kept and
 * dropped. A unit past the backing file's end extends it.
 */
static void keep_part(struct node *n, unsigned long long *seed, unsigned permille, unsigned unit,
                      unsigned long long *kept, unsigned long long *dropped) {
  for (size_t i = 0; i < n->cap; i++) {
    if (!n->pages[i]) {
      continue;
    }
    for (unsigned in = 0; in < PAGE; in += unit) {
      off_t at = (off_t) i * PAGE + in;
      if (at >= n->size) {
        break;
      }
      *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
      if ((*seed >> 33) % 1000 >= permille) {
        (*dropped)++;
        continue;
      }
      size_t len = at + unit <= n->size ? unit : (size_t) (n->size - at);
      if (pwrite(n->fd, n->pages[i] + in, len, at) < 0) {
        fprintf(stderr, "powercutfs: cut: %s page %zu: %s\n", n->path, i, strerror(errno));
      }
      (*kept)++;
    }
  }
}

/* An armed cut during a sync ("arm" in control()): the sync that trips it. */
static int armed;
static unsigned long long arm_seed, arm_countdown;
static unsigned arm_permille, arm_unit;

/*
 * The power goes while n's fsync is writing: a random part of the pages that sync was to persist
 * reaches the backing file (each unit with probability arm_permille/1000), nothing else that is
 * unsynced does, and the process dies by SIGKILL before the sync returns, so the caller never
 * hears that it succeeded.
 */
static void cut_in_sync(struct node *n) {
  unsigned long long kept = 0, dropped = 0;
  keep_part(n, &arm_seed, arm_permille, arm_unit, &kept, &dropped);
  fprintf(stderr, "powercutfs: cut during a sync of %s: %llu of its unsynced %u-byte units reached the backing"
          " file, %llu lost\n", n->path ? n->path : "(unlinked)", kept, arm_unit, dropped);
  fflush(stderr);
  kill(getpid(), SIGKILL);
}

/* fsync: the file's dirty pages and size go to the backing file. */
static int persist(struct node *n) {
  if (armed && n->dirty > 0 && --arm_countdown == 0) {
    cut_in_sync(n);
  }
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
  unsigned long long pending = 0;
  for (struct snap *s = snaps; s; s = s->next) {
    pending++;
  }
  return snprintf(buf, len, "writes %llu\nwrite_bytes %llu\nfsyncs %llu\npersisted_bytes %llu\ntruncates %llu\n"
                  "dirsyncs %llu\nunsynced_dirs %llu\n",
                  st_writes, st_write_bytes, st_fsyncs, st_persisted_bytes, st_truncates, st_dirsyncs, pending);
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
  if (path && strcmp(path, "/" STATE_DIR) == 0) {
    return -ENOENT;
  }
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
  struct stat st;
  int root = fstat(dirfd(d), &st) == 0 && st.st_ino == root_ino;
  /* offsets 0: the library buffers the whole listing */
  for (struct dirent *e; (e = readdir(d)) != NULL; ) {
    if (root && strcmp(e->d_name, STATE_DIR) == 0) {
      continue;
    }
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
  int err = reserved(path) ? -EPERM : touch_parent(path);
  if (err) {
    return err;
  }
  return mkdirat(root_fd, rel(path), mode) < 0 ? -errno : 0;
}

/* -ENOTEMPTY unless the directory at path (relative to the root) has no entries. */
static int empty_dir(const char *path) {
  int fd = openat(root_fd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d) {
    int e = errno;
    if (fd >= 0) {
      close(fd);
    }
    return -e;
  }
  int err = 0;
  for (struct dirent *e; !err && (e = readdir(d)) != NULL; ) {
    err = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ? 0 : -ENOTEMPTY;
  }
  closedir(d);
  return err;
}

static int pc_rmdir(const char *path) {
  struct stat st;
  if (reserved(path)) {
    return -EPERM;
  }
  if (fstatat(root_fd, rel(path), &st, AT_SYMLINK_NOFOLLOW) < 0) {
    return -errno;
  }
  if (!S_ISDIR(st.st_mode)) {
    return -ENOTDIR;
  }
  int err = empty_dir(rel(path));
  if (!err) {
    err = touch_parent(path);
  }
  return err ? err : bury(path);
}

static int pc_unlink(const char *path) {
  struct stat st;
  if (reserved(path)) {
    return -EPERM;
  }
  if (fstatat(root_fd, rel(path), &st, AT_SYMLINK_NOFOLLOW) < 0) {
    return -errno;
  }
  if (S_ISDIR(st.st_mode)) {
    return -EISDIR;
  }
  int err = touch_parent(path);
  if (!err) {
    err = bury(path);
  }
  if (err) {
    return err;
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
  if (reserved(from) || reserved(to)) {
    return -EPERM;
  }
  struct stat src, dst;
  if (fstatat(root_fd, rel(from), &src, AT_SYMLINK_NOFOLLOW) < 0) {
    return -errno;
  }
  int exists = fstatat(root_fd, rel(to), &dst, AT_SYMLINK_NOFOLLOW) == 0;
  if (exists && dst.st_ino == src.st_ino) {
    return 0;
  }
  char *from_dir = parent_of(from);
  char *to_dir = parent_of(to);
  int same_dir = strcmp(from_dir, to_dir) == 0;
  int err = 0;
  if (S_ISDIR(src.st_mode) && !same_dir) {
    err = -EXDEV; /* not modelled: a directory under two parents after a cut */
  } else if (exists && S_ISDIR(dst.st_mode)) {
    err = !S_ISDIR(src.st_mode) ? -EISDIR : empty_dir(rel(to));
  } else if (exists && S_ISDIR(src.st_mode)) {
    err = -ENOTDIR;
  }
  if (!err) {
    err = touch_dir(from_dir);
  }
  if (!err && !same_dir) {
    err = touch_dir(to_dir);
  }
  free(from_dir);
  free(to_dir);
  if (!err && exists) {
    err = bury(to);
  }
  if (!err && renameat(root_fd, rel(from), root_fd, rel(to)) < 0) {
    err = -errno;
  }
  if (err) {
    return err;
  }
  struct node *replaced = find(to);
  if (replaced) {
    detach(replaced);
  }
  struct node *n = find(from);
  if (n) {
    n->fresh = 0; /* the entry it was created under is gone */
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
  int err = reserved(path) ? -EPERM : touch_parent(path);
  if (err) {
    return err;
  }
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
  struct stat existing;
  if (reserved(path)) {
    return -EPERM;
  }
  int created = fstatat(root_fd, rel(path), &existing, AT_SYMLINK_NOFOLLOW) < 0;
  int err = created ? touch_parent(path) : 0;
  if (err) {
    return err;
  }
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
  n->fresh |= created;
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
 * "cut <seed> <permille> [unit]": a power cut after an arbitrary part of the unsynced data reached
 * the medium, as the kernel's writeback and a disk's cache may have done before the power went:
 * each dirty page of each file (or, with unit 512, each 512-byte sector of one: a torn page) is
 * written to the backing file with probability permille/1000, then the process dies by SIGKILL.
 * "arm <seed> <permille> <n> [unit]" cuts instead during the n-th sync from now of a file with
 * unsynced pages (cut_in_sync()). A page written past the backing file's end extends it (the
 * pages between read as what the backing file held there, or zeros); truncations not synced stay
 * lost. Likewise each directory with unsynced entries keeps them with probability permille/1000
 * (its snapshot is dropped: the next mount shows its entries as they are now), as a journal
 * commit may have done.
 */
static int control(const char *buf, size_t size) {
  char cmd[64];
  size_t len = size < sizeof cmd - 1 ? size : sizeof cmd - 1;
  memcpy(cmd, buf, len);
  cmd[len] = 0;
  unsigned long long seed, nth;
  unsigned permille, unit = PAGE;
  if (sscanf(cmd, "arm %llu %u %llu %u", &seed, &permille, &nth, &unit) >= 3) {
    if (permille > 1000 || nth == 0 || (unit != PAGE && unit != 512)) {
      return -EINVAL;
    }
    arm_seed = seed;
    arm_permille = permille;
    arm_countdown = nth;
    arm_unit = unit;
    armed = 1;
    return (int) size;
  }
  if (sscanf(cmd, "cut %llu %u %u", &seed, &permille, &unit) < 2 || permille > 1000
      || (unit != PAGE && unit != 512)) {
    return -EINVAL;
  }
  unsigned long long kept = 0, dropped = 0;
  for (int b = 0; b < BUCKETS; b++) {
    for (struct node *n = table[b]; n; n = n->next) {
      keep_part(n, &seed, permille, unit, &kept, &dropped);
    }
  }
  unsigned long long dirs_kept = 0, dirs_lost = 0;
  for (struct snap *s = snaps; s; s = s->next) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    if ((seed >> 33) % 1000 >= permille) {
      dirs_lost++;
      continue;
    }
    char name[PATH_MAX];
    snap_file(name, sizeof name, s->dir);
    unlinkat(root_fd, name, 0); /* the directory's entries as they are now are what a remount shows */
    dirs_kept++;
  }
  fprintf(stderr, "powercutfs: cut: %llu unsynced %s reached the backing files, %llu lost;"
          " %llu directories' unsynced entries reached them, %llu lost\n", kept, unit == PAGE ? "pages" : "512-byte sectors", dropped, dirs_kept, dirs_lost);
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
  if (n->opens == 0 && (!n->path || (clean(n) && !n->fresh))) {
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
  int err = n ? persist(n) : 0;
  if (n && !err) {
    created_entry_synced(n);
  }
  return err;
}

static int pc_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi) {
  (void) path;
  (void) datasync;
  struct stat st;
  if (fstat(dirfd((DIR *) (uintptr_t) fi->fh), &st) < 0) {
    return -errno;
  }
  st_dirsyncs++;
  if (!ignore_dirsync) {
    dir_synced(st.st_ino);
  }
  return 0;
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

/* Recovery at mount: where each backing inode is now (the live tree and the graveyard). */
struct where {
  ino_t ino;
  char *path;
};

static struct where *where;
static size_t where_count, where_cap;
static ino_t *built;
static size_t built_count;

static void die(const char *what, const char *path) {
  fprintf(stderr, "powercutfs: recovery: %s %s: %s\n", what, path, strerror(errno));
  exit(2);
}

static void index_tree(const char *dir) {
  int fd = openat(root_fd, dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d) {
    die("cannot list", dir);
  }
  for (struct dirent *e; (e = readdir(d)) != NULL; ) {
    struct stat st;
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0
        || (strcmp(dir, ".") == 0 && strcmp(e->d_name, STATE_DIR) == 0)
        || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
      continue;
    }
    if (where_count == where_cap) {
      where_cap = where_cap ? 2 * where_cap : 256;
      where = realloc(where, where_cap * sizeof *where);
    }
    char *path = join(dir, e->d_name);
    where[where_count++] = (struct where) {st.st_ino, path};
    if (S_ISDIR(st.st_mode)) {
      index_tree(path);
    }
  }
  closedir(d);
}

static const char *where_is(ino_t ino) {
  for (size_t i = 0; i < where_count; i++) {
    if (where[i].ino == ino) {
      return where[i].path;
    }
  }
  return NULL;
}

static void load_snaps(void) {
  int fd = openat(root_fd, STATE_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d) {
    die("cannot list", STATE_DIR);
  }
  for (struct dirent *e; (e = readdir(d)) != NULL; ) {
    unsigned long long dir;
    int end = 0;
    if (sscanf(e->d_name, "snap-%llu%n", &dir, &end) != 1 || e->d_name[end] != 0) {
      continue; /* not a snapshot, or a .tmp one never renamed */
    }
    int f = openat(dirfd(d), e->d_name, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (f < 0 || fstat(f, &st) < 0) {
      die("cannot read", e->d_name);
    }
    char *text = malloc(st.st_size + 1);
    if (pread(f, text, st.st_size, 0) != st.st_size) {
      die("cannot read", e->d_name);
    }
    close(f);
    text[st.st_size] = 0;
    struct snap *s = calloc(1, sizeof *s);
    s->dir = dir;
    for (char *p = text; p < text + st.st_size; p += strlen(p) + 1) {
      char type;
      unsigned long long ino;
      int name = 0;
      if (sscanf(p, "%c %llu %n", &type, &ino, &name) != 2 || name == 0) {
        errno = EINVAL;
        die("a broken snapshot", e->d_name);
      }
      snap_put(s, type, ino, p + name);
    }
    free(text);
    s->next = snaps;
    snaps = s;
  }
  closedir(d);
}

/*
 * Builds at `to` the durable form of the directory with inode ino, now at `from`: its snapshot's
 * entries if it has one, else its entries as they are; files are hard links to the same inodes.
 */
static void rebuild(const char *from, ino_t ino, const char *to) {
  struct snap *s = snap_find(ino);
  struct snap live = {.dir = ino};
  if (!s) {
    int fd = openat(root_fd, from, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || list_entries(fd, &live) < 0) {
      die("cannot list", from);
    }
  }
  const struct snap *entries = s ? s : &live;
  for (size_t i = 0; i < entries->count; i++) {
    const struct entry *e = &entries->e[i];
    const char *found = s ? where_is(e->ino) : NULL;
    char *src = s ? (found ? strdup(found) : NULL) : join(from, e->name);
    if (!src) {
      fprintf(stderr, "powercutfs: recovery: %s/%s: inode %llu is gone\n", from, e->name, (unsigned long long) e->ino);
      continue;
    }
    char *dst = join(to, e->name);
    if (e->type == 'd') {
      int seen = 0;
      for (size_t k = 0; k < built_count; k++) {
        seen |= built[k] == e->ino;
      }
      struct stat st;
      if (!seen) {
        built = realloc(built, (built_count + 1) * sizeof *built);
        built[built_count++] = e->ino;
        if (fstatat(root_fd, src, &st, AT_SYMLINK_NOFOLLOW) < 0 || mkdirat(root_fd, dst, st.st_mode & 07777) < 0) {
          die("cannot make", dst);
        }
        if (fchownat(root_fd, dst, st.st_uid, st.st_gid, AT_SYMLINK_NOFOLLOW) < 0) {
          die("cannot chown", dst);
        }
        rebuild(src, e->ino, dst);
      }
    } else if (linkat(root_fd, src, root_fd, dst, 0) < 0) {
      die("cannot link", dst);
    }
    free(src);
    free(dst);
  }
  for (size_t i = 0; i < live.count; i++) {
    free(live.e[i].name);
  }
  free(live.e);
}

static void move_entries(const char *from, const char *to) {
  int fd = openat(root_fd, from, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d) {
    die("cannot list", from);
  }
  for (struct dirent *e; (e = readdir(d)) != NULL; ) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0
        || (strcmp(from, ".") == 0 && strcmp(e->d_name, STATE_DIR) == 0)) {
      continue;
    }
    char *src = join(from, e->d_name);
    char *dst = join(to, e->d_name);
    if (renameat(root_fd, src, root_fd, dst) < 0) {
      die("cannot move", src);
    }
    free(src);
    free(dst);
  }
  closedir(d);
}

/*
 * After a cut, every directory with a snapshot goes back to it: the tree is built afresh in
 * STATE_DIR/rebuild and swapped in. Then the state starts empty.
 */
static void recover(void) {
  if (mkdirat(root_fd, STATE_DIR, 0700) < 0 && errno != EEXIST) {
    die("cannot make", STATE_DIR);
  }
  load_snaps();
  if (snaps) {
    size_t rolled = 0;
    for (struct snap *s = snaps; s; s = s->next) {
      rolled++;
    }
    mkdirat(root_fd, GRAVE, 0700);
    index_tree(".");
    index_tree(GRAVE);
    remove_tree(root_fd, STATE_DIR "/rebuild");
    remove_tree(root_fd, STATE_DIR "/old");
    if (mkdirat(root_fd, STATE_DIR "/rebuild", 0700) < 0 || mkdirat(root_fd, STATE_DIR "/old", 0700) < 0) {
      die("cannot make", STATE_DIR "/rebuild");
    }
    rebuild(".", root_ino, STATE_DIR "/rebuild");
    move_entries(".", STATE_DIR "/old");
    move_entries(STATE_DIR "/rebuild", ".");
    fprintf(stderr, "powercutfs: recovery: %zu directories rolled back to their entries at their last sync\n",
            rolled);
    while (snaps) {
      struct snap *s = snaps;
      snaps = s->next;
      snap_free(s);
    }
    for (size_t i = 0; i < where_count; i++) {
      free(where[i].path);
    }
    free(where);
    free(built);
  }
  remove_tree(root_fd, STATE_DIR);
  if (mkdirat(root_fd, STATE_DIR, 0700) < 0 || mkdirat(root_fd, GRAVE, 0700) < 0) {
    die("cannot make", GRAVE);
  }
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
  if (argc > 1 && strcmp(argv[1], "--ignore-dirsync") == 0) {
    ignore_dirsync = 1;
    argv[1] = argv[0];
    argc--;
    argv++;
  }
  if (argc < 3) {
    fprintf(stderr, "usage: %s [--ignore-dirsync] <backing-dir> <mount-point> [fuse options]\n", argv[0]);
    return 2;
  }
  root_fd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  struct stat st;
  if (root_fd < 0 || fstat(root_fd, &st) < 0) {
    perror(argv[1]);
    return 2;
  }
  root_ino = st.st_ino;
  recover();
  argv[1] = argv[0];
  return fuse_main(argc - 1, argv + 1, &ops, NULL);
}
