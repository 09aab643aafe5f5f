/** The signed-in annotator whose own work a service reads and writes (never anyone else's). */
export interface Annotator {
  readonly id: number;
}
