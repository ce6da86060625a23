package io.github.ycsbtiers.tiered.store.internal;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.lmdbjava.Env;
import org.lmdbjava.Txn;

/**
 * One LMDB read transaction per reading thread, reset between reads and renewed for the next:
 * beginning a transaction per read allocates (LMDB's transaction, lmdbjava's buffers) and takes a
 * reader slot, a renewal only publishes the snapshot in the slot the transaction keeps. Needs the
 * environment opened with {@code MDB_NOTLS}: the slot then belongs to the transaction, not to the
 * thread, so a thread can also begin other read transactions (scans) and a dead thread's
 * transaction can be taken over by a new thread instead of holding a slot for good.
 *
 * <p>A reset transaction holds no snapshot and no map pages, so it does not keep LMDB from reusing
 * pages, and growing the map ({@code mdb_env_set_mapsize}, which only refuses while a write
 * transaction is open) needs no more than no read in progress, as before.
 */
final class ReadTxns {
  private final Env<ByteBuffer> env;
  private final ThreadLocal<Owned> mine = new ThreadLocal<>();
  /** Every transaction made, to take over a dead thread's and to close them all. Guarded by this. */
  private final List<Owned> all = new ArrayList<>();
  private boolean closed;

  ReadTxns(Env<ByteBuffer> env) {
    this.env = env;
  }

  /** The calling thread's transaction, renewed: a snapshot of the last commit. Reset it after the read. */
  Txn<ByteBuffer> renew() {
    Owned o = mine.get();
    if (o == null) {
      o = adopt();
      mine.set(o);
    }
    try {
      o.txn.renew();
    } catch (RuntimeException e) {
      try {
        o.txn.reset(); // renew marks it done before it asks LMDB: make it renewable again
      } catch (RuntimeException second) {
        e.addSuppressed(second);
      }
      throw e;
    }
    return o.txn;
  }

  /** Transactions made so far: one per thread that read at once, not one per read. */
  synchronized int created() {
    return all.size();
  }

  /**
   * Closes every transaction; only while no read runs (the caller holds the map's write lock) and
   * before the environment closes. A read after that is refused.
   */
  synchronized void close() {
    closed = true;
    for (Owned o : all) {
      // lmdbjava aborts (frees) only a transaction in use; a reset one is renewed to be freed
      try {
        o.txn.renew();
      } catch (RuntimeException e) {
        // closing anyway: at worst LMDB's small transaction struct is not freed
      }
      o.txn.close();
    }
    all.clear();
  }

  private synchronized Owned adopt() {
    if (closed) {
      throw new IllegalStateException("the LMDB tier is closed");
    }
    Thread me = Thread.currentThread();
    for (Owned o : all) {
      if (!o.owner.isAlive()) {
        o.owner = me; // reset when its thread last read, and that thread is gone
        return o;
      }
    }
    Txn<ByteBuffer> txn = env.txnRead();
    txn.reset();
    Owned o = new Owned(txn, me);
    all.add(o);
    return o;
  }

  private static final class Owned {
    final Txn<ByteBuffer> txn;
    Thread owner;

    Owned(Txn<ByteBuffer> txn, Thread owner) {
      this.txn = txn;
      this.owner = owner;
    }
  }
}
