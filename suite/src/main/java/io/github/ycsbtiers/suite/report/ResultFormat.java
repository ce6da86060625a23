package io.github.ycsbtiers.suite.report;

/**
 * One file format of the summary, rendered from the same {@link Summary}: the three table files of
 * {@link Kind}, and index.html ({@link HtmlFormat}, which also shows the directory's charts and
 * further sections, its {@link PageContext}, and so is written once they are).
 */
public interface ResultFormat {
  String render(Summary summary);

  /** The formats the suite writes, each to its own file in the results directory. */
  enum Kind {
    MARKDOWN("summary.md", new MarkdownFormat()),
    CSV("summary.csv", new CsvFormat()),
    JSON("summary.json", new JsonFormat());

    private final String fileName;
    private final ResultFormat format;

    Kind(String fileName, ResultFormat format) {
      this.fileName = fileName;
      this.format = format;
    }

    public String fileName() {
      return fileName;
    }

    public ResultFormat format() {
      return format;
    }
  }
}
