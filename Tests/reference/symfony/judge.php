<?php
// The judge of Symfony's XLIFF translations: every `DOMAIN.LOCALE.xlf` of
// the folders named on the command line, loaded as Symfony's translator
// loads its `translations/` folder (XliffFileLoader, the domain and locale
// from the file's name), printed as one JSON object:
// {folder: {locale: {domain: {key: text}}}}, and under "errors" each file
// the loader refuses, with its reason.
require '/usr/share/php/Symfony/Component/Translation/autoload.php';
require '/usr/share/php/Symfony/Component/Config/autoload.php';

use Symfony\Component\Translation\Loader\XliffFileLoader;

$loader = new XliffFileLoader();
$result = ['errors' => []];
foreach (array_slice($argv, 1) as $folder) {
    $tables = [];
    $names = scandir($folder);
    sort($names);
    foreach ($names as $name) {
        // FrameworkBundle: a file with two dots or more, domain.locale.format.
        if (substr_count($name, '.') < 2 || !preg_match('/\.(xlf|xliff)$/', $name)) {
            continue;
        }
        $parts = explode('.', $name);
        array_pop($parts);
        $locale = array_pop($parts);
        $domain = implode('.', $parts);
        try {
            $catalogue = $loader->load($folder . '/' . $name, $locale, $domain);
        } catch (\Throwable $e) {
            $result['errors'][$folder . '/' . $name] = $e->getMessage();
            continue;
        }
        foreach ($catalogue->all($domain) as $key => $text) {
            $tables[$locale][$domain][(string) $key] = $text;
        }
    }
    $result[$folder] = $tables;
}
echo json_encode($result, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_FORCE_OBJECT), "\n";
