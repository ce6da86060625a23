package io.github.ycsbtiers.testing;

/** Exit status and captured output of a command line tool (redis-cli, openssl) the harness ran. */
public record CliResult(int status, String out, String err) {

  /** True when the tool exited with status 0. */
  public boolean ok() {
    return status == 0;
  }

  /** Standard output and standard error together, for assertion and failure messages. */
  public String output() {
    return err.isEmpty() ? out : out + err;
  }
}
