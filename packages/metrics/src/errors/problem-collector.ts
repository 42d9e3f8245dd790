import { InputError, MAX_PROBLEMS } from "./input-error.ts";

/**
 * Gathers the problems of one input so that a user sees them all at once: `add` keeps an
 * InputError and throws the collected error at the `MAX_PROBLEMS`th; `throwIfAny` throws the
 * collected error (see `InputError.collected`) when there was one.
 *
 * @example
 * const problems = new ProblemCollector();
 * for (const line of lines) problems.attempt(() => parse(line));
 * problems.throwIfAny();
 */
export class ProblemCollector {
  readonly #problems: InputError[] = [];

  get count(): number {
    return this.#problems.length;
  }

  add(problem: InputError): void {
    this.#problems.push(...problem.problems);
    if (this.#problems.length >= MAX_PROBLEMS) throw InputError.collected(this.#problems.slice(0, MAX_PROBLEMS));
  }

  /** Runs `step`; an InputError it throws is kept (anything else propagates). */
  attempt<T>(step: () => T): T | undefined {
    try {
      return step();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.add(error);
      return undefined;
    }
  }

  throwIfAny(): void {
    if (this.#problems.length > 0) throw InputError.collected(this.#problems);
  }
}
