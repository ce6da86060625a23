package io.github.ycsbtiers.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The link check on small trees made here: what it accepts and what it reports. */
class LinkCheckTest {
  @TempDir
  Path root;

  @Test
  void anchorsFollowGithubRules() {
    assertEquals("ssh-binycsb-fanout", GithubAnchors.slug("ssh: `bin/ycsb-fanout`"));
    assertEquals("binycsb-merge-dir", GithubAnchors.slug("`bin/ycsb merge DIR...`"));
    assertEquals("bindemo-tier-ratio-on-the-embedded-store-three-runs",
        GithubAnchors.slug("bin/demo: tier-ratio on the embedded store, three runs"));
    assertEquals("see-the-docs", GithubAnchors.slug("See [the docs](x.md)"));
    assertEquals("a--b", GithubAnchors.slug("A & B"));
    assertEquals(Set.of("usage", "usage-1", "usage-2"), GithubAnchors.of(List.of("Usage", "Usage", "Usage")));
  }

  @Test
  void resolvingLinksPass() throws IOException {
    write("a.md", "# Title\n\n## Two words\n\nSee [b](sub/b.md#the-end), [here](#two-words), [web](https://x.invalid/#nope)\n"
        + "and `[not a link](missing.md)` in code, and [dir](sub).\n\n```sh\n[x](missing.md)\n```\n");
    write("sub/b.md", "# B\n\n## The end\n");
    assertEquals(List.of(), new LinkCheck(root).problems());
  }

  @Test
  void aBrokenAnchorIsReported() throws IOException {
    write("a.md", "# Title\n\nSee [b](b.md#ssh-bin-ycsb-fanout).\n");
    write("b.md", "# B\n\n## ssh: `bin/ycsb-fanout`\n");
    List<String> problems = new LinkCheck(root).problems();
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("a.md:3: link to b.md#ssh-bin-ycsb-fanout: b.md has no heading with anchor"),
        problems.get(0));
    assertTrue(problems.get(0).contains("ssh-binycsb-fanout"), problems.get(0));
  }

  @Test
  void aMissingFileAndASameFileAnchorAreReported() throws IOException {
    write("a.md", "# Title\n\n[gone](docs/gone.md) and [self](#no-such-heading)\n");
    List<String> problems = new LinkCheck(root).problems();
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("no such file or directory docs/gone.md"), problems.get(0));
    assertTrue(problems.get(1).contains("#no-such-heading"), problems.get(1));
  }

  private void write(String name, String text) throws IOException {
    Path p = root.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }
}
