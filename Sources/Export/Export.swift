// Export: writing and reading images and animations. PNG through libpng's simplified API (whole
// images, and row by row for sprite sheets), ffmpeg fed raw frames through `ChildProcess` (the one
// way the project starts a child process) for GIF, APNG, MP4 and WebM, dotLottie through `zip`.
// Every writer goes to a temporary name and renames, so a failure never leaves a half-written file,
// and an encoder is judged by what it wrote, not only by its exit status.
//
// Owns: file formats and child processes. Must not: render, or know a scene.
