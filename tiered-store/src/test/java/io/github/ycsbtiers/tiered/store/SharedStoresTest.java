package io.github.ycsbtiers.tiered.store;

import io.github.ycsbtiers.tiered.store.engine.StoreException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One store per path per JVM, closed by the last release. */
class SharedStoresTest {
  private Path dir;

  @AfterEach
  void deleteDir() {
    StoreDirs.delete(dir);
  }

  @Test
  void sharedUntilTheLastRelease() {
    dir = StoreDirs.create(Medium.PMEM);
    StoreOptions options = StoreDirs.options(Medium.PMEM, dir, 10).build();
    SharedStores.Handle first = SharedStores.acquire(options);
    SharedStores.Handle second = SharedStores.acquire(options);
    assertTrue(first.openedStore());
    assertFalse(second.openedStore());
    assertSame(first.store(), second.store());
    first.store().put("k", new byte[] {1});

    List<TierStats> published = new ArrayList<>();
    first.release(published::add);
    first.release(published::add); // a second release of the same handle does nothing
    assertTrue(published.isEmpty());
    second.store().get("k");
    second.release(published::add);
    assertEquals(1, published.size());
    assertEquals(1, published.get(0).dramHits());
    assertEquals(1, published.get(0).persistentWrites());
    assertThrows(StoreException.class, () -> second.store().get("k"));

    try (SharedStores.Handle third = SharedStores.acquire(options)) {
      assertTrue(third.openedStore());
      assertNotSame(first.store(), third.store());
      assertEquals(1, third.store().get("k")[0]);
    }
  }

  @Test
  void otherOptionsForAnOpenPathAreRefused() {
    dir = StoreDirs.create(Medium.PMEM);
    try (SharedStores.Handle h = SharedStores.acquire(StoreDirs.options(Medium.PMEM, dir, 10).build())) {
      PropertyException e = assertThrows(PropertyException.class,
          () -> SharedStores.acquire(StoreDirs.options(Medium.PMEM, dir, 10).sync(SyncMode.ALWAYS).build()));
      assertTrue(e.getMessage().startsWith("invalid value '" + dir + "' for property 'tiered.path': allowed a path not"
          + " open in this JVM with other options"), e.getMessage());
      assertEquals(0, h.store().stats().failures());
    }
  }
}
