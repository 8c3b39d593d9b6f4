<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
<context>
    <name>Main</name>
    <message>
        <location filename="main.cpp" line="3"/>
        <source>&amp;Open</source>
        <comment>menu</comment>
        <extracomment>Notes</extracomment>
        <translation>&amp;Открыть</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation type="unfinished">
            <numerusform>%n файл</numerusform>
            <numerusform>%n файла</numerusform>
            <numerusform>%Ln файлов</numerusform>
        </translation>
    </message>
    <message>
        <source>Bell<byte value="x7"/></source>
        <translation type="vanished">Звонок</translation>
    </message>
</context>
</TS>
