package io.github.ycsbtiers.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every relative link and anchor in the repository's Markdown resolves as it would on GitHub. */
class DocsLinksTest {
  @Test
  void everyLinkResolves() {
    LinkCheck check = new LinkCheck(Repository.root());
    assertTrue(check.markdownFiles().size() >= 10, "found only " + check.markdownFiles());
    List<String> problems = check.problems();
    assertEquals(List.of(), problems, "broken links:\n" + String.join("\n", problems));
  }
}
